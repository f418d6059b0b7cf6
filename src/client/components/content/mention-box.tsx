import { useQuery } from '@tanstack/react-query';
import { useId, useState, type ComponentProps, type KeyboardEvent, type Ref } from 'react';
import { m } from '#i18n/messages';
import type { CommentKind } from '#shared/schemas/content';
import { useDebounced } from '#client/lib/use-debounced';
import { useSelectionAfterWrite } from '#client/lib/use-selection-after-write';
import { cn } from '#client/lib/utils';
import { trpc } from '#client/trpc';
import { Textarea } from '../ui/textarea';

/**
 * The name being typed after an `@` just before the caret ("@Zei", "@Zeina F"), or null: an
 * `@` at the start or after a space, then at most a first name, a space and an initial.
 */
export function mentionBeingTyped(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const match = /(?:^|\s)@([^\s@]{0,40}(?: [^\s@]{0,2})?)$/u.exec(before);
  if (!match) return null;
  return { start: caret - match[1]!.length - 1, query: match[1]! };
}

type MentionBoxProps = Omit<ComponentProps<'textarea'>, 'value' | 'onChange'> & {
  /** The thread whose participants are offered. */
  thread: { kind: CommentKind; itemId: number };
  value: string;
  onValueChange: (value: string) => void;
  ref?: Ref<HTMLTextAreaElement>;
};

/**
 * A comment box that offers, when she types `@`, the members who took part in the thread
 * (GET /api/mentions, never anyone else) as a listbox under it: arrow keys move, Enter or Tab
 * writes the chosen display name ("@Zeina F. "), Escape closes the list (and only the list).
 * The box is an ARIA combobox, so a screen reader says how many are offered and which is chosen.
 */
export function MentionBox({ thread, value, onValueChange, className, onKeyDown, ref, ...props }: MentionBoxProps) {
  const listId = useId();
  const [typing, setTyping] = useState<{ start: number; query: string } | null>(null);
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState(false);
  const query = useDebounced(typing?.query ?? null, 150);
  const candidates = useQuery({
    ...trpc.content.notifications.mentions.queryOptions({ thread: `${thread.kind}:${thread.itemId}`, q: query ?? '' }),
    enabled: query !== null,
    staleTime: 30_000,
  });
  const options = typing && !dismissed ? (candidates.data ?? []) : [];
  const open = options.length > 0;

  // The caret goes after a chosen name as soon as it is in the box.
  const placeCaret = useSelectionAfterWrite(value);

  function follow(text: string, caret: number) {
    setTyping(mentionBeingTyped(text, caret));
    setActive(0);
    setDismissed(false);
  }

  function choose(index: number, box: HTMLTextAreaElement) {
    const option = options[index];
    if (!option || !typing) return;
    const caret = box.selectionStart;
    const inserted = `${option.mention} `;
    const next = value.slice(0, typing.start) + inserted + value.slice(caret);
    placeCaret(box, next, typing.start + inserted.length);
    onValueChange(next);
    setTyping(null);
  }

  function keys(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (open) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((current) => (current + step + options.length) % options.length);
        return;
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        event.preventDefault();
        choose(active, event.currentTarget);
        return;
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        setDismissed(true);
        return;
      }
    }
    onKeyDown?.(event);
  }

  return (
    <div className="relative">
      <Textarea
        {...props}
        ref={ref}
        value={value}
        className={className}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open ? `${listId}-${active}` : undefined}
        onChange={(event) => {
          onValueChange(event.target.value);
          follow(event.target.value, event.target.selectionStart);
        }}
        onKeyDown={keys}
        onBlur={() => setTyping(null)}
      />
      {open ? (
        <ul id={listId} role="listbox" aria-label={m.content_mention_list()} className="absolute start-0 z-20 mt-1 max-h-56 w-64 max-w-full overflow-y-auto rounded-xl border border-border bg-card p-1 shadow-lg">
          {options.map((option, index) => (
            <li
              key={option.mention}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              dir="auto"
              className={cn('cursor-pointer rounded-lg px-3 py-2 text-sm', index === active ? 'bg-primary/10 font-semibold text-foreground' : 'text-foreground')}
              // Chosen on mouse down, before the box loses the keyboard (which closes the list).
              onMouseDown={(event) => {
                event.preventDefault();
                const box = event.currentTarget.closest('div')?.querySelector('textarea');
                if (box) choose(index, box);
              }}
            >
              {option.firstName} {option.lastName}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
