import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** A delivered mail as the journeys read it. */
export interface DeliveredMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

/** Where this worker's site receives its mail, one JSON file per mail (set by the `site` fixture; mail-server.ts writes them). */
const mailDir = () => {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set: journeys read mail through the site fixture (e2e/fixtures.ts)');
  return dir;
};

/** Waits for the newest mail to an address (and with a subject, when given), up to 15 seconds. */
export async function waitForMail(to: string, subject?: string | RegExp): Promise<DeliveredMail> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const files = (await readdir(mailDir()).catch(() => [] as string[])).filter((file) => file.endsWith('.json')).sort().reverse();
    for (const file of files) {
      const mail = JSON.parse(await readFile(join(mailDir(), file), 'utf8')) as DeliveredMail;
      const subjectMatches = subject === undefined || (typeof subject === 'string' ? mail.subject === subject : subject.test(mail.subject));
      if (mail.to.includes(to.toLowerCase()) && subjectMatches) return mail;
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to}${subject ? ` with subject ${String(subject)}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Every mail to an address delivered so far, newest first: what has not come (yet). */
export async function mailsTo(to: string): Promise<DeliveredMail[]> {
  const files = (await readdir(mailDir()).catch(() => [] as string[])).filter((file) => file.endsWith('.json')).sort().reverse();
  const mails = await Promise.all(files.map(async (file) => JSON.parse(await readFile(join(mailDir(), file), 'utf8')) as DeliveredMail));
  return mails.filter((mail) => mail.to.includes(to.toLowerCase()));
}

/** The first link of a mail's text that starts with `path` on the site (e.g. '/reset-password'). */
export function linkIn(mail: DeliveredMail, path: string): string {
  const match = new RegExp(`https?://[^\\s]+${path.replace(/[/]/g, '\\/')}[^\\s]*`).exec(mail.text);
  if (!match) throw new Error(`no ${path} link in: ${mail.text}`);
  return match[0];
}
