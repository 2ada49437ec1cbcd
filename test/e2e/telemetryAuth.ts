/**
 * The telemetry read token of the browser tests' server: playwright.config.ts starts it with
 * TELEMETRY_READ_TOKEN set to this, and the specs that read a session back send it.
 */
export const E2E_TELEMETRY_READ_TOKEN =
  process.env.E2E_TELEMETRY_READ_TOKEN || 'e2e-telemetry-read-token-0123456789abcdef'

/** Headers for `GET /api/telemetry/sessions/…`. */
export const telemetryAuth = { authorization: `Bearer ${E2E_TELEMETRY_READ_TOKEN}` }
