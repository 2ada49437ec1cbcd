import * as v from 'valibot'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AUTH_COOKIES, AUTH_STORAGE } from '../../../contracts/auth'
import { createHttpClient } from '../../../kernel/http/createHttpClient'
import { unsignedJwt } from '../tokens/jwt'
import { memoryStorage } from '../tokens/storage'
import { EXPIRY_CONFIG, type FakeAnswer, fakeFetch, memoryCookies } from '../tokens/testing'
import { createTokenStore } from '../tokens/tokenStore'
import { createAgentSession } from './agentSession'

const EXP = Math.floor(Date.now() / 1000) + 600
const token = () => unsignedJwt({ sub: 'agent-login', exp: EXP })
const tokens = () => ({
  access_token: token(),
  refresh_token: 'r',
  expires_in: 600,
  token_type: 'Bearer',
  nobo: true,
})

function setup(options: { nobo?: FakeAnswer; allowed?: readonly string[] | 'all'; ids?: boolean } = {}) {
  const server = fakeFetch((req) =>
    req.url.pathname === '/api/auth/nobo'
      ? (options.nobo ?? {
          status: 200,
          body: { isNoboUser: true, customerId: 'ignored', csAgentId: 'ignored' },
        })
      : { status: 200, body: {} },
  )
  vi.stubGlobal('fetch', server.fetch)
  const http = createHttpClient({ brand: 'usb2c', origin: 'http://shop.test', correlationId: () => 'cid' })
  const cookies = memoryCookies(options.allowed ?? 'all')
  const session = memoryStorage(
    options.ids === false
      ? {}
      : { [AUTH_STORAGE.noboCustomerId]: 'cust-5', [AUTH_STORAGE.csAgentId]: 'agent-7' },
  )
  const store = createTokenStore({
    cookies: cookies.writer,
    session,
    local: memoryStorage(),
    config: () => EXPIRY_CONFIG,
    now: Date.now,
  })
  const logged: string[] = []
  const agent = createAgentSession({
    http,
    cookies: cookies.writer,
    store,
    session,
    log: (t) => logged.push(t),
  })
  // As the auth manifest declares them (`http.restHeaders`), installed as the kernel does.
  http.addHeaderProvider(() => agent.restHeaders())
  http.installTokenPort({
    accessToken: () => store.validAccessToken(),
    whenIdle: async () => {},
    dropAccessToken: () => {},
    refresh: async () => {},
  })
  return { agent, http, server, cookies, session, store, logged }
}

describe('agent (nobo) session (header spec §4, §6)', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('validation sets the agent from session storage; rest/v2 calls then carry customerId and csAgentId', async () => {
    const t = setup()
    t.store.save(tokens(), { nobo: true })
    const pending = t.agent.restore()
    expect(t.agent.isAgent()).toBe(true) // detected by the agent id in session storage while validating
    expect(await pending).toEqual({ customerId: 'cust-5', csAgentId: 'agent-7' })
    expect(t.server.requests[0]?.headers.get('authorization')).toBe(`Bearer ${token()}`)
    await t.http.request({ path: 'users/cust-5/getCustomerDetails', schema: v.unknown() })
    await t.http.request({ path: '/api/auth/logout', schema: v.unknown() })
    const sent = t.server.requests
      .slice(1)
      .map((r) => [r.headers.get('customerId'), r.headers.get('csAgentId')])
    expect(sent).toEqual([
      ['cust-5', 'agent-7'],
      [null, null],
    ])
    expect(t.cookies.jar.get(AUTH_COOKIES.csAgentId)).toBe('agent-7')
    expect(t.cookies.jar.get(AUTH_COOKIES.noboSession)).toBe('true')
  })

  it('the agent-id cookie is removed when the configuration does not allow it (header spec §5)', async () => {
    const t = setup({ allowed: ['access_token', 'refresh_token', 'sessionExpiryDate'] })
    t.store.save(tokens(), { nobo: true })
    t.cookies.jar.set(AUTH_COOKIES.csAgentId, 'stale')
    await t.agent.restore()
    expect(t.agent.isAgent()).toBe(true)
    expect(t.cookies.jar.has(AUTH_COOKIES.csAgentId)).toBe(false)
    expect(t.cookies.writes.filter((w) => w.op === 'refused')).toEqual([])
  })

  it('a refused validation clears the agent data; a failed one keeps the ids but sends no agent headers', async () => {
    const refused = setup({ nobo: { status: 200, body: { isNoboUser: false } } })
    refused.store.save(tokens(), { nobo: true })
    expect(await refused.agent.restore()).toBeNull()
    expect(refused.session.getItem(AUTH_STORAGE.csAgentId)).toBeNull()
    expect(refused.agent.isAgent()).toBe(false)

    const down = setup({ nobo: { status: 503, body: 'down' } })
    down.store.save(tokens(), { nobo: true })
    expect(await down.agent.restore()).toBeNull()
    expect(down.agent.isAgent()).toBe(false)
    expect(down.session.getItem(AUTH_STORAGE.csAgentId)).toBe('agent-7')
    expect(down.logged).toEqual(['NOBO_VALIDATION_FAILED'])
  })

  it('without a session the stored agent ids are dropped, without a call', async () => {
    const t = setup()
    expect(await t.agent.restore()).toBeNull()
    expect(t.server.requests).toEqual([])
    expect(t.session.getItem(AUTH_STORAGE.noboCustomerId)).toBeNull()
  })

  it('start stores the agent tokens with the nobo expiry and validates them; clear forgets it all', async () => {
    const t = setup({ ids: false })
    const before = Date.now()
    expect(await t.agent.start(tokens(), 'cust-8', 'agent-2')).toEqual({
      customerId: 'cust-8',
      csAgentId: 'agent-2',
    })
    expect(t.store.sessionExpiresAt()).toBeGreaterThanOrEqual(
      before + EXPIRY_CONFIG.noboRefreshTokenExpirySeconds * 1000,
    )
    expect(t.cookies.jar.get(AUTH_COOKIES.customerId)).toBe('cust-8')
    t.agent.clear()
    expect(t.agent.isAgent()).toBe(false)
    expect(t.cookies.jar.has(AUTH_COOKIES.csAgentId)).toBe(false)
    await t.http.request({ path: 'x', schema: v.unknown() })
    expect(t.server.requests.at(-1)?.headers.get('csAgentId')).toBeNull()
  })
})
