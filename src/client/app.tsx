import { StrictMode } from 'react';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { Direction } from 'radix-ui';
import { getLocale } from '#i18n/runtime';
import { directionOf } from '#shared/i18n/locale';
import type { AppRouter } from './router';

/**
 * The whole client, the same in the browser and when the server renders a page (SSR). radix-ui's
 * parts (tabs, menus, dialogs) read the page's direction from the provider: they don't look at
 * `<html dir>` and would otherwise lay out and move keyboard focus left to right on Arabic pages.
 */
export function App({ router, queryClient }: { router: AppRouter; queryClient: QueryClient }) {
  return (
    <StrictMode>
      <Direction.Provider dir={directionOf(getLocale())}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </Direction.Provider>
    </StrictMode>
  );
}
