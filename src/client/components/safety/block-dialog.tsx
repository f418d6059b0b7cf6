import { useMutation } from '@tanstack/react-query';
import { m } from '#i18n/messages';
import { errorMessage } from '#client/lib/errors';
import { queryClient, trpc } from '#client/trpc';
import { ConfirmDialog } from '../ui/alert-dialog';
import { Button } from '../ui/button';
import { toast } from '../ui/toast';
import { focusBack, type BlockTarget, type SafetyDialogProps } from './types';

/**
 * Asks before blocking, saying what it does. The dialog stays open until the server answers,
 * then closes and says how it went in a toast (a moderator can't be blocked: the server's
 * refusal, the one it gives for anyone she can't block, shows too); after a block every content
 * list is asked again, so her posts and comments go.
 */
export default function BlockDialog({ member, open, onOpenChange, returnFocus }: SafetyDialogProps & { member: BlockTarget }) {
  const block = useMutation(
    trpc.content.blocks.create.mutationOptions({
      onSuccess: async (result) => {
        onOpenChange(false);
        toast({ title: m.safety_block_done_title(), description: result.message });
        // Her blocks list is a content query too.
        await queryClient.invalidateQueries(trpc.content.pathFilter());
      },
      // Closed first, so the toast isn't behind the modal (a refusal is final anyway).
      onError: (failure) => {
        onOpenChange(false);
        toast({ title: m.safety_block_failed_title(), description: errorMessage(failure), variant: 'destructive' });
      },
    }),
  );

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      content={{ onCloseAutoFocus: focusBack(returnFocus) }}
      title={m.safety_block_title({ name: member.name })}
      titleProps={{ dir: 'auto' }}
      description={m.safety_block_body()}
      cancel={m.safety_cancel()}
    >
      <Button variant="destructive" disabled={block.isPending} onClick={() => block.mutate({ userId: member.userId })}>
        {block.isPending ? m.safety_block_busy() : m.safety_block_confirm()}
      </Button>
    </ConfirmDialog>
  );
}
