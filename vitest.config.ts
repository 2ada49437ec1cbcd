import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'

// Unit, component and property tests sit beside the code. DOM tests opt in with
// `// @vitest-environment jsdom`; browser journeys live in test/e2e and run under Playwright.
export default defineConfig({
  plugins: [react()],
  test: {
    include: ['{kernel,plugins,host,site,contracts,server,test}/**/*.test.{ts,tsx}'],
    exclude: ['test/e2e/**', 'node_modules/**'],
    environment: 'node',
    pool: 'threads',
    maxWorkers: 2,
    testTimeout: 20_000,
    // Server suites start an embedded PostgreSQL (PGlite) and migrate and seed it in beforeAll; with
    // several of them at once on two cores that takes well over the 10 s default.
    hookTimeout: 60_000,
  },
})
