import { run as suggestEmail } from '@zootools/email-spell-checker';
import { m } from '#i18n/messages';
import { useDebounced } from '../lib/use-debounced';

/** She has paused typing for this long: a suggestion doesn't jump around while she types. */
const SETTLED_MS = 400;

/**
 * Under an email field: "Did you mean gmail.com?" when the address's domain looks like a
 * misspelt common one (the maintained list of @zootools/email-spell-checker), with a button that
 * puts it right and gives the focus back to the field. It only suggests: the address she typed
 * is still sent if she wants it. The live region is always there, so the suggestion is heard.
 */
export function EmailSuggestion({ fieldId, value, onAccept }: { fieldId: string; value: string; onAccept(email: string): void }) {
  const settled = useDebounced(value.trim(), SETTLED_MS);
  const suggestion = settled === value.trim() && settled.includes('@') ? suggestEmail({ email: settled }) : undefined;
  return (
    <p id={`${fieldId}-suggestion`} aria-live="polite" className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm empty:hidden">
      {suggestion ? (
        <>
          <span>{m.common_email_did_you_mean({ domain: suggestion.domain })}</span>
          <button
            type="button"
            className="rounded-full font-semibold text-primary underline underline-offset-4 hover:no-underline"
            onClick={() => {
              onAccept(suggestion.full);
              document.getElementById(fieldId)?.focus();
            }}
          >
            {m.common_email_use_suggestion({ email: suggestion.full })}
          </button>
        </>
      ) : null}
    </p>
  );
}
