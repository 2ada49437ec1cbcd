// @vitest-environment node
import {
  chmodSync,
  chownSync,
  mkdtempSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import {
  bearerToken,
  ensureTelemetryReadToken,
  findTelemetryReadToken,
  READ_TOKEN_ENV,
  readTokenFile,
  requireReadToken,
} from './readToken'

const dataDirIn = () => join(mkdtempSync(join(tmpdir(), 'one-header-token-')), 'pglite')
const GOOD = 'abcdefghijklmnop-0123456789_ABCDEF'

describe('ensureTelemetryReadToken', () => {
  it('makes a 32-byte base64url token once, in a file beside the data folder readable by its owner only', () => {
    const dataDir = dataDirIn()
    const made = ensureTelemetryReadToken(dataDir, {})
    expect(made).toMatchObject({ source: 'file', generated: true, file: readTokenFile(dataDir) })
    expect(made.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(made.file).toBe(join(dataDir, '..', 'telemetry-read-token'))
    expect(readFileSync(made.file!, 'utf8').trim()).toBe(made.token)
    if (process.platform !== 'win32') expect(statSync(made.file!).mode & 0o777).toBe(0o600)

    // The next start keeps it, and says it did not make one.
    expect(ensureTelemetryReadToken(dataDir, {})).toEqual({ ...made, generated: false })
  })

  it('refuses a token file planted as a link or owned by another user, naming it', () => {
    const dataDir = dataDirIn()
    const target = join(dataDir, '..', 'elsewhere')
    writeFileSync(target, `${GOOD}\n`)
    symlinkSync(target, readTokenFile(dataDir))
    expect(() => ensureTelemetryReadToken(dataDir, {})).toThrow(/telemetry-read-token is not a plain file/)
    expect(() => findTelemetryReadToken(dataDir, {})).toThrow(/not a plain file/)
    if (process.getuid?.() === 0) {
      const other = dataDirIn()
      writeFileSync(readTokenFile(other), `${GOOD}\n`, { mode: 0o600 })
      chownSync(readTokenFile(other), 4242, 4242)
      expect(() => ensureTelemetryReadToken(other, {})).toThrow(/belongs to another user \(uid 4242\)/)
    }
  })

  it('takes TELEMETRY_READ_TOKEN first and writes nothing', () => {
    const dataDir = dataDirIn()
    expect(ensureTelemetryReadToken(dataDir, { [READ_TOKEN_ENV]: ` ${GOOD} ` })).toEqual({
      token: GOOD,
      source: 'env',
      generated: false,
    })
    expect(() => statSync(readTokenFile(dataDir))).toThrow(/ENOENT/)
    // Empty counts as unset.
    expect(ensureTelemetryReadToken(dataDir, { [READ_TOKEN_ENV]: '' }).generated).toBe(true)
  })

  it('refuses a short or malformed token, saying what to fix', () => {
    expect(() => ensureTelemetryReadToken(dataDirIn(), { [READ_TOKEN_ENV]: 'short' })).toThrow(
      /TELEMETRY_READ_TOKEN must be 16 to 512 letters/,
    )
    expect(() => ensureTelemetryReadToken(dataDirIn(), { [READ_TOKEN_ENV]: `${GOOD} two` })).toThrow(
      /TELEMETRY_READ_TOKEN must be/,
    )
    const dataDir = dataDirIn()
    writeFileSync(readTokenFile(dataDir), 'not a token\n')
    expect(() => ensureTelemetryReadToken(dataDir, {})).toThrow(
      /does not hold a telemetry read token.*Delete it/,
    )
  })

  it.skipIf(process.platform === 'win32')('tightens a token file others could read to 0600', () => {
    const dataDir = dataDirIn()
    writeFileSync(readTokenFile(dataDir), `${GOOD}\n`)
    chmodSync(readTokenFile(dataDir), 0o644)
    expect(ensureTelemetryReadToken(dataDir, {})).toMatchObject({ token: GOOD, generated: false })
    expect(statSync(readTokenFile(dataDir)).mode & 0o777).toBe(0o600)
  })
})

describe('findTelemetryReadToken (the client side)', () => {
  it('reads the env, else the file, and never makes one', () => {
    const dataDir = dataDirIn()
    expect(findTelemetryReadToken(dataDir, {})).toBeUndefined()
    expect(() => statSync(readTokenFile(dataDir))).toThrow(/ENOENT/)
    const { token, file } = ensureTelemetryReadToken(dataDir, {})
    expect(findTelemetryReadToken(dataDir, {})).toEqual({ token, from: file })
    expect(findTelemetryReadToken(dataDir, { [READ_TOKEN_ENV]: GOOD })).toEqual({
      token: GOOD,
      from: READ_TOKEN_ENV,
    })
  })
})

describe('requireReadToken', () => {
  const app = new Hono()
  app.use('/read/*', requireReadToken(GOOD))
  app.get('/read/it', (c) => c.text('ok'))
  const get = (authorization?: string) =>
    app.request('/read/it', authorization ? { headers: { authorization } } : {})

  it('lets the right bearer token through, whatever the case of the scheme', async () => {
    expect(await (await get(`Bearer ${GOOD}`)).text()).toBe('ok')
    expect((await get(`bearer ${GOOD}`)).status).toBe(200)
  })

  it.each([
    [undefined, false],
    ['', false],
    [GOOD, false],
    [`Basic ${GOOD}`, false],
    [`Bearer`, false],
    [`Bearer ${GOOD}x`, true],
    [`Bearer ${GOOD.slice(1)}`, true],
    [`Bearer ${GOOD} extra`, false],
  ])('401 for %j', async (authorization, invalid) => {
    const res = await get(authorization)
    expect(res.status).toBe(401)
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer realm="one-header telemetry"/)
    expect(res.headers.get('www-authenticate')?.includes('invalid_token')).toBe(invalid)
    const body = (await res.json()) as { errors: { type: string; message: string }[] }
    expect(body.errors).toHaveLength(1)
    expect(body.errors[0]!.type).toBe('UnauthorizedError')
  })

  it('reads the bearer token out of the header', () => {
    expect(bearerToken(`Bearer ${GOOD}`)).toBe(GOOD)
    expect(bearerToken(`BEARER   ${GOOD}`)).toBe(GOOD)
    expect(bearerToken(`Bearer ${GOOD} x`)).toBeUndefined()
    expect(bearerToken(undefined)).toBeUndefined()
  })
})
