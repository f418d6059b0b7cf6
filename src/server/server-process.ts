import { startServer } from './start';

// One server process of the production entry: main.ts, the supervisor, starts WEB_CONCURRENCY
// of these and starts one again whenever one exits.
await startServer();
