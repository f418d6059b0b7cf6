import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { Check, X } from 'lucide-react';
import { messages } from '../../../../shared/messages';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { adminPanelCopy } from '../../../copy/admin';
import { categoryColour } from '../../../lib/categories';
import { trpc } from '../../../trpc';
import { ADMIN_PAGE_SIZE, adminListOptions, adminPaging, formatDate, fullName, TabHeader, useAdminErrorHandler, useAdminSuccess } from './admin-kit';
import { AdminList, isPendingFor } from './admin-list';
import { ItemCard } from './item-card';

const t = adminPanelCopy.places;

/** Members' 'Suggest a Place' entries wait here: approve into Places to Go, or dismiss. */
export function PlacesTab() {
  const list = useInfiniteQuery({ ...trpc.admin.places.suggestions.infiniteQueryOptions({ limit: ADMIN_PAGE_SIZE }, adminPaging), ...adminListOptions });
  const onError = useAdminErrorHandler();
  const succeed = useAdminSuccess();
  const approve = useMutation(
    trpc.admin.places.approve.mutationOptions({
      onError,
      onSuccess: (place) => succeed(messages.admin.placeApproved, messages.admin.placeApprovedBody(place.name), trpc.admin.places.pathFilter()),
    }),
  );
  const dismiss = useMutation(
    trpc.admin.places.dismiss.mutationOptions({ onError, onSuccess: () => succeed(messages.admin.suggestionDismissed, undefined, trpc.admin.places.pathFilter()) }),
  );

  return (
    <section>
      <TabHeader title={t.title} />
      <AdminList query={list} empty={t.empty} className="grid gap-4 md:grid-cols-2">
        {(suggestion) => {
          const busy = isPendingFor(approve, suggestion.id) || isPendingFor(dismiss, suggestion.id);
          return (
            <ItemCard
              name={suggestion.name}
              title={suggestion.name}
              badges={<Badge className={categoryColour(suggestion.category)}>{suggestion.category}</Badge>}
              meta={
                <>
                  <p>{suggestion.address}</p>
                  <p>{t.suggestedBy(fullName(suggestion.suggestedBy), formatDate(suggestion.createdAt))}</p>
                </>
              }
              extraActions={
                <>
                  <Button size="sm" aria-label={t.approveNamed(suggestion.name)} disabled={busy} onClick={() => approve.mutate({ id: suggestion.id })}>
                    <Check aria-hidden="true" />
                    {t.approve}
                  </Button>
                  <Button size="sm" variant="outline" aria-label={t.dismissNamed(suggestion.name)} disabled={busy} onClick={() => dismiss.mutate({ id: suggestion.id })}>
                    <X aria-hidden="true" />
                    {t.dismiss}
                  </Button>
                </>
              }
            >
              <p>{suggestion.description}</p>
            </ItemCard>
          );
        }}
      </AdminList>
    </section>
  );
}
