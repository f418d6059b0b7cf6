import { defineConfig, devices } from '@playwright/test';
import { firstPort } from './e2e/site';

// Each worker starts its own site (e2e/fixtures.ts `site`, e2e/site.ts): the real server with
// the built client, a fresh PGlite database with the demo content, and a real SMTP server whose
// mail the journeys read. Worker n listens on E2E_PORT + n; E2E_CLIENT_DIR tests another build.
// Spec files are spread over the workers; the journeys of one file run in order on one site,
// unless the file declares its journeys independent (`mode: 'parallel'`). A journey mostly waits
// (on the browser, the server, the mail), so three workers keep two cores busy.
const workers = Number(process.env.E2E_WORKERS ?? 3);

export default defineConfig({
  testDir: 'e2e',
  outputDir: `test-results/${firstPort()}`,
  fullyParallel: false,
  workers,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
});
