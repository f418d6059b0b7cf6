/**
 * The site for end-to-end runs and the reliability suite: the production start-up
 * (src/server/start.ts) with the rate limits lifted, since those runs sign in and write many
 * times from one address. An entry of its own rather than an environment variable, so no
 * deployment can switch the limits off. Run with tsx; it is not part of the build.
 */
import { RELAXED_RATE_LIMITS } from '../src/server/auth/rate-limit';
import { startServer } from '../src/server/start';

await startServer({ rateLimits: RELAXED_RATE_LIMITS });
