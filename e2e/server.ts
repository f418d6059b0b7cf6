/**
 * The site for end-to-end runs and the reliability suite: the production start-up
 * (src/server/start.ts) with the rate limits lifted, since those runs sign in and write many
 * times from one address. An entry of its own rather than an environment variable, so no
 * deployment can switch the limits off. Not part of the build: the test runs bundle it
 * (src/server/test/server-bundle.ts).
 *
 * With E2E_MAIL_DIR, a real SMTP server runs beside it (e2e/mail-server.ts) and the site sends
 * its mail there; the journeys read what arrived from that folder (e2e/mailbox.ts).
 */
import { RELAXED_RATE_LIMITS } from '#server/auth/rate-limit';
import { startServer } from '#server/start';
import { startMailbox } from './mail-server';

if (process.env.E2E_MAIL_DIR) process.env.SMTP_URL = await startMailbox(process.env.E2E_MAIL_DIR);
await startServer({ rateLimits: RELAXED_RATE_LIMITS });
