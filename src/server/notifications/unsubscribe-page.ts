import { m } from '#i18n/messages';
import { directionOf, type Locale } from '#shared/i18n/locale';
import { NOTIFICATION_SETTINGS_PATH } from '#shared/notifications';
import { inLocale } from '../i18n';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/**
 * The page's look, inline: it is served without the site's stylesheet (built with hashed names
 * the server does not know). The site's palette and font stacks (src/client/styles.css), a
 * card centred on a phone as on a laptop, Arabic a little larger with more line height as on
 * the site. Only logical directions, so it mirrors in Arabic.
 */
const STYLE = `
*{box-sizing:border-box}
html{background:#fdf8f5;color:#2d1b26;font-family:'Segoe UI',system-ui,-apple-system,Roboto,'Noto Sans',sans-serif;-webkit-text-size-adjust:100%}
html:lang(ar){font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans Arabic',sans-serif}
body{margin:0;min-height:100vh;min-height:100dvh;display:grid;place-items:center;padding:2rem 1rem;font-size:1rem;line-height:1.6;overflow-wrap:anywhere}
html:lang(ar) body{font-size:1.0625rem;line-height:1.75}
main{inline-size:100%;max-inline-size:30rem;background:#fff;border:1px solid #ead9d2;border-radius:1.25rem;padding:2rem 1.5rem;box-shadow:0 1px 2px rgb(45 27 38/4%),0 8px 24px rgb(45 27 38/6%);text-align:center}
h1{margin:0 0 1rem;font-family:Georgia,'Iowan Old Style','Noto Serif',serif;font-size:1.5rem;font-weight:600;line-height:1.25;color:#9d2b5b}
html:lang(ar) h1{line-height:1.4}
p{margin:0}
form{margin-block-start:1.5rem}
button{font:inherit;font-weight:600;min-block-size:2.75rem;padding:.625rem 1.5rem;border:0;border-radius:999px;background:#9d2b5b;color:#fff;cursor:pointer}
button:hover{background:#84224c}
:focus-visible{outline:3px solid #9d2b5b;outline-offset:2px}
.settings{margin-block-start:1.5rem;padding-block-start:1.25rem;border-block-start:1px solid #ead9d2;font-size:.9375rem}
a{color:#9d2b5b;text-underline-offset:3px}
a:hover{color:#84224c}
`.trim();

/**
 * What a browser opening a notification mail's unsubscribe link gets: in the link owner's
 * language (else the visitor's), the message (what the button turns off, that it was done, or
 * why the link does nothing), the button that posts what a mail app posts, and her settings.
 */
export function unsubscribePage(answer: { locale: Locale; message: string; button?: string | null; action: string }): string {
  const { locale, message, button, action } = answer;
  return inLocale(locale, () => {
    const title = m.server_notifications_page_title();
    const form = button
      ? `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${escapeHtml(button)}</button></form>`
      : '';
    return [
      `<!doctype html><html lang="${locale}" dir="${directionOf(locale)}"><head><meta charset="utf-8">`,
      '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">',
      `<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>`,
      `<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>${form}`,
      `<p class="settings"><a href="${NOTIFICATION_SETTINGS_PATH}">${escapeHtml(m.server_notifications_page_settings())}</a></p></main></body></html>`,
    ].join('');
  });
}
