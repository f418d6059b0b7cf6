import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { DeliveredMail } from './mailbox';

/**
 * A real SMTP server for the end-to-end site: the site's mail worker talks SMTP to it, and each
 * mail it receives is written to `dir`, where the journeys read it.
 */
export async function startMailbox(dir: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then(async (mail) => {
          const to = [mail.to].flat().flatMap((entry) => entry?.value.map((address) => address.address?.toLowerCase() ?? '') ?? []);
          const delivered: DeliveredMail = { to, subject: mail.subject ?? '', text: mail.text ?? '', html: typeof mail.html === 'string' ? mail.html : '' };
          // Written whole under another name, then renamed: a journey never reads half a mail.
          const name = `${Date.now()}-${String(++count).padStart(5, '0')}`;
          await writeFile(join(dir, `${name}.part`), JSON.stringify(delivered));
          await rename(join(dir, `${name}.part`), join(dir, `${name}.json`));
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as { port: number };
  return `smtp://127.0.0.1:${port}`;
}
