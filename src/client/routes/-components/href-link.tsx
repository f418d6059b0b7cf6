import { useRouter } from '@tanstack/react-router';
import type { MouseEvent, ReactNode } from 'react';

/**
 * A link to an app path the server computed (search results, activity), navigated in the
 * app like <Link>; a modified click (new tab, download) is left to the browser.
 */
export function HrefLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  const router = useRouter();
  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void router.navigate({ href });
  }
  return (
    <a href={href} className={className} onClick={onClick}>
      {children}
    </a>
  );
}
