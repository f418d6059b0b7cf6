import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { firstPort } from './e2e/site';

// Each worker starts its own site (e2e/fixtures.ts `site`, e2e/site.ts): the real server with
// the built client, a fresh PGlite database with the demo content, and a real SMTP server whose
// mail the journeys read. Worker n listens on E2E_PORT + n; E2E_CLIENT_DIR tests another build.
// Spec files are spread over the workers; the journeys of one file run in order on one site,
// unless the file declares its journeys independent (`mode: 'parallel'`). A journey mostly waits
// (on the browser, the server, the mail): on two cores three workers used 40% of the CPU; four
// finished 10% sooner in one run and no sooner in another; six were slower, and a long journey
// ran out of time.
const workers = Number(process.env.E2E_WORKERS ?? 4);

// Debian's chromium, never a downloaded browser: its headless shell (the package
// chromium-headless-shell, the same engine without the desktop browser around it, which
// Playwright itself prefers for headless runs) where it is installed, else the full browser.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const chromium = process.env.E2E_CHROMIUM ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/global-setup.ts',
  outputDir: `test-results/${firstPort()}`,
  fullyParallel: false,
  workers,
  retries: 0,
  // A journey is a whole task (apply, get approved, post, moderate...). Four workers on two
  // slow cores made one take four times as long as on a fast machine: the longest took 66 s
  // where it takes 17 s alone. A timeout is for a journey that hangs, not one that waits its turn.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    // A trace records every step of every journey, passed or not, which costs CPU on every run:
    // off unless asked for (`npx playwright test --trace retain-on-failure`). A failure still
    // leaves its screenshot and the page's state (error-context.md).
    trace: 'off',
    screenshot: 'only-on-failure',
    // She asked for less motion (the site honours it: styles.css): no animation frames to draw
    // while a journey waits, and dialogs and toasts settle at once.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: chromium,
      // A journey's pages live for seconds: V8's optimizing compilers (Maglev, TurboFan) compile
      // code the page soon throws away. Without them the renderers used about a tenth less CPU
      // (measured over the accessibility and admin journeys); the code runs the same.
      args: ['--js-flags=--no-opt --no-maglev', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
});
