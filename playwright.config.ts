import { defineConfig, devices } from '@playwright/test';
import { mailDirFor } from './e2e/mailbox';

// The site under test: the real server with the built client, a fresh PGlite database
// with demo content in a temporary folder, started by e2e/server.ts (the production start-up
// with relaxed rate limits: the journeys sign in many times from one address).
// E2E_PORT and E2E_CLIENT_DIR let several builds be tested side by side. Mails go to a real
// SMTP server beside the site, and the journeys read them (e2e/mailbox.ts).
const port = Number(process.env.E2E_PORT ?? 3100);
const dataDir = `.tmp/e2e-data-${port}-${Date.now()}`;
// Mail the site sends arrives here through a real SMTP server (e2e/server.ts); the journeys read it.
const mailDir = mailDirFor(port);

export default defineConfig({
  testDir: 'e2e',
  outputDir: `test-results/${port}`,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: `rm -rf ${dataDir} ${mailDir} && npx tsx e2e/server.ts`,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: '1',
      CLIENT_DIR: process.env.E2E_CLIENT_DIR ?? 'dist/client',
      LOG_LEVEL: 'warn',
      E2E_MAIL_DIR: mailDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
  },
});
