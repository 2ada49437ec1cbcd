import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defineConfig } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './test/chromium'
import { CONSENTED_STORAGE_STATE } from './test/e2e/consentCookies'
import { E2E_TELEMETRY_READ_TOKEN } from './test/e2e/telemetryAuth'

/** The browser tests run Debian's Chromium against the reference server on its own port and data. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4310)
const dataDir = mkdtempSync(join(tmpdir(), 'one-header-e2e-'))

export default defineConfig({
  testDir: 'test/e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    trace: 'off',
    // A visitor who accepted the cookie banner (test/e2e/consentCookies.ts); consent.spec.ts starts without.
    storageState: CONSENTED_STORAGE_STATE,
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  // The console's spec changes the live site configuration (a brand's plugin switches), so it runs
  // after every other spec, alone: run it by itself with `--project=console --no-deps`.
  // The stored pictures are named without the project (they predate the projects).
  snapshotPathTemplate: '{testDir}/{testFilePath}-snapshots/{arg}-{platform}{ext}',
  projects: [
    { name: 'store', testIgnore: /console\.spec\.ts$/ },
    { name: 'console', testMatch: /console\.spec\.ts$/, dependencies: ['store'] },
  ],
  webServer: {
    command: 'node --enable-source-maps dist-server/main.mjs',
    url: `http://localhost:${E2E_PORT}/`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(E2E_PORT),
      DATA_DIR: dataDir,
      LOG_REQUESTS: '0',
      // The x-test-* switches the specs use (fault statuses, short tokens); off on a plain npm start.
      TEST_FAULTS: '1',
      // The clock scheduled plugin switches are served by, moved forward by the console's spec
      // instead of waiting (server/http/testClock.ts).
      TEST_CLOCK: '1',
      // Reading sessions back needs it (server/telemetry/readToken.ts); the specs send the same.
      TELEMETRY_READ_TOKEN: E2E_TELEMETRY_READ_TOKEN,
    },
    stdout: 'ignore',
    stderr: 'pipe',
  },
})
