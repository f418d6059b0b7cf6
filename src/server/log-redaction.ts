/**
 * Secrets out of the log. A mailed or private link carries a token that opens something
 * without a password: a reset, an email change, a newsletter confirmation or unsubscription,
 * her calendar feed (where and when she will be). The request log prints every URL, and an
 * error may quote one, so every line the logger writes passes through `redactSecrets`
 * (pino's streamWrite hook): one rule for every line, whatever printed it.
 *
 * Three rules, so a link added later is covered without being listed here:
 * - the segment after a private path (`/calendar/<token>.ics`);
 * - the value of any query or JSON field whose name holds "token" or "secret";
 * - any run of 32 or more letters and digits that looks random: all lower case or all upper
 *   case (base32 and hex tokens, whatever their field), or mixed case with a digit. Words and
 *   names in code (camelCase, no digits) stay readable.
 */

export const REDACTED = '[redacted]';

/** Paths whose next segment is itself the secret. */
const SECRET_PATHS = ['calendar'];

/** `/calendar/<secret>` where the path begins: after a quote, a space, a bracket or a host. */
const SECRET_SEGMENT = new RegExp(`((?:^|[\\s"'(<=]|://[^/\\s"]*)/(?:${SECRET_PATHS.join('|')})/)[^/?#\\s"'\\\\<>]+`, 'g');

/** `token=...` in a query or form, its percent-encoded form in a URL, and `"token":"..."` in JSON. */
const SECRET_FIELD = /((?:[?&;]|%26|%3F)[\w.-]*(?:token|secret)[\w.-]*(?:=|%3D))[^&#\s"'\\<>]*|((?:\\?"|%22)[\w.-]*(?:token|secret)[\w.-]*(?:\\?"|%22)\s*(?::|%3A)\s*(?:\\?"|%22))(?:[^"\\%]|%(?!22))*/gi;

/** A random-looking run: see the rules above. */
const RANDOM_RUN = /(?<![A-Za-z0-9])(?:[a-z0-9]{32,}|[A-Z0-9]{32,}|(?=[A-Za-z0-9]*[0-9])[A-Za-z0-9]{32,})(?![A-Za-z0-9])/g;

/** What a line must hold for the first two rules to apply. */
const NAMES_A_SECRET = new RegExp(`token|secret|/(?:${SECRET_PATHS.join('|')})/`, 'i');

const RUN = 32;
const ALPHANUMERIC = new Uint8Array(128);
for (const [first, last] of [['0', '9'], ['A', 'Z'], ['a', 'z']] as const) {
  for (let code = first.charCodeAt(0); code <= last.charCodeAt(0); code++) ALPHANUMERIC[code] = 1;
}
const isAlphanumeric = (code: number) => code < 128 && ALPHANUMERIC[code] === 1;

/**
 * True when the text holds RUN letters and digits in a row. Every such run covers one of the
 * positions RUN apart that are probed, so most of a line is never read: every request writes
 * two lines, and a regular expression scanning each one costs more than writing it.
 */
export function hasLongRun(text: string): boolean {
  let probe = RUN - 1;
  while (probe < text.length) {
    if (!isAlphanumeric(text.charCodeAt(probe))) {
      probe += RUN;
      continue;
    }
    let length = 1;
    for (let back = probe - 1; back >= 0 && length < RUN && isAlphanumeric(text.charCodeAt(back)); back--) length++;
    let next = probe + 1;
    for (; next < text.length && length < RUN && isAlphanumeric(text.charCodeAt(next)); next++) length++;
    if (length >= RUN) return true;
    // text[next] ends this run; a run after it covers next + RUN.
    probe = next + RUN;
  }
  return false;
}

/** The text with every secret the rules recognise replaced by `[redacted]`. */
export function redactSecrets(text: string): string {
  let out = text;
  if (NAMES_A_SECRET.test(out)) {
    out = out.replace(SECRET_SEGMENT, `$1${REDACTED}`).replace(SECRET_FIELD, (_match, query: string | undefined, json: string | undefined) => `${query ?? json}${REDACTED}`);
  }
  return hasLongRun(out) ? out.replace(RANDOM_RUN, REDACTED) : out;
}
