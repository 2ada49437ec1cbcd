// @vitest-environment node
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { createServer as createNetServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'

it('says a taken port at once, before it opens any database', async () => {
  const taken = createNetServer()
  await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve))
  const port = (taken.address() as AddressInfo).port
  const dataDir = join(mkdtempSync(join(tmpdir(), 'one-header-port-')), 'pglite')
  try {
    const started = performance.now()
    const child = spawn('node_modules/.bin/tsx', ['server/main.ts'], {
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString()
    })
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve))
    expect(code).toBe(1)
    expect(stderr).toContain(`Port ${port} is taken`)
    // The database was never opened: the data folder a second server would share was not created.
    expect(existsSync(dataDir)).toBe(false)
    expect(performance.now() - started).toBeLessThan(20_000)
  } finally {
    taken.close()
  }
}, 30_000)
