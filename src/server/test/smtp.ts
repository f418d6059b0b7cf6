import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { freePort } from './free-port';

/**
 * A real SMTP server for tests: nodemailer talks to it over a socket as it would to a mail
 * provider, and the tests read what was delivered. It can be stopped and started again on the
 * same port, to test that mail waits and is retried.
 */
export interface TestMailServer {
  url: string;
  delivered: ParsedMail[];
  /** The delivered mails to one address. */
  to(address: string): ParsedMail[];
  /** Waits until `count` mails reached `address` (or any address), failing after a few seconds. */
  waitFor(count: number, address?: string): Promise<ParsedMail[]>;
  stop(): Promise<void>;
  start(): Promise<void>;
}

/** `acceptAfterMs`: how long the server takes to accept each mail (a slow provider). */
export async function startTestMailServer({ acceptAfterMs = 0 } = {}): Promise<TestMailServer> {
  const port = await freePort();
  const delivered: ParsedMail[] = [];
  let server: SMTPServer | null = null;

  const start = () =>
    new Promise<void>((resolve, reject) => {
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        logger: false,
        // Stopping drops open connections at once, as a mail server going away does (the
        // default keeps them 30 s, so senders with a kept-open connection would not notice).
        closeTimeout: 50,
        onData(stream, _session, callback) {
          simpleParser(stream)
            .then((mail) => {
              delivered.push(mail);
              if (acceptAfterMs) setTimeout(callback, acceptAfterMs);
              else callback();
            })
            .catch(callback);
        },
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
  const stop = () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  const addressesOf = (mail: ParsedMail) => [mail.to].flat().flatMap((to) => to?.value.map((entry) => entry.address?.toLowerCase()) ?? []);
  const to = (address: string) => delivered.filter((mail) => addressesOf(mail).includes(address.toLowerCase()));

  await start();
  return {
    url: `smtp://127.0.0.1:${port}`,
    delivered,
    to,
    async waitFor(count, address) {
      const deadline = Date.now() + 8_000;
      for (;;) {
        const mails = address ? to(address) : delivered;
        if (mails.length >= count) return mails;
        if (Date.now() > deadline) throw new Error(`expected ${count} mail(s)${address ? ` to ${address}` : ''}, got ${mails.length}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    stop,
    start,
  };
}
