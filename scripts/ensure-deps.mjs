// Installs dependencies when node_modules is missing or older than package-lock.json, so that
// `npm start` and `npm test` work on a fresh clone with no other set-up step.
// Uses only Node built-ins: it runs before anything is installed.
import { execSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'

const lock = readFileSync('package-lock.json')
const want = createHash('sha256').update(lock).digest('hex')
const stamp = 'node_modules/.one-header-lock-sha256'
const have = existsSync(stamp) ? readFileSync(stamp, 'utf8').trim() : ''

if (have !== want) {
  console.log('[one-header] installing dependencies (node_modules missing or stale)…')
  execSync('npm ci --no-audit --no-fund', { stdio: 'inherit' })
  writeFileSync(stamp, want)
}
