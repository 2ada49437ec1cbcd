// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { DEFAULT_SERVER, parseTracesArgs, printTraces, type TracesIo, USAGE } from './printTraces'
import type { Session } from './sessionTypes'

const CID = '9d2c1e4f-0a1b-4c2d-8e3f-123456789abc-18f9a2b3c4d'
const TOKEN = 'traces-read-token-0123456789abcdef'

function run(
  argv: string[],
  answer: (url: string) => Response | Promise<Response>,
  env: Record<string, string> = {},
  readToken?: TracesIo['readToken'],
) {
  const out: string[] = []
  const err: string[] = []
  const urls: string[] = []
  const authorizations: (string | undefined)[] = []
  const fetch = (async (url: URL | string, init?: RequestInit) => {
    urls.push(String(url))
    authorizations.push((init?.headers as Record<string, string> | undefined)?.authorization)
    return answer(String(url))
  }) as typeof globalThis.fetch
  const io: TracesIo = {
    fetch,
    out: (t) => out.push(t),
    err: (t) => err.push(t),
    ...(readToken ? { readToken } : {}),
  }
  return printTraces(argv, env, io).then((code) => ({
    code,
    out: out.join(''),
    err: err.join(''),
    urls,
    authorizations,
  }))
}

describe('parseTracesArgs', () => {
  it('takes an id, --server (both spellings) and ONE_HEADER_URL', () => {
    expect(parseTracesArgs([], {})).toEqual({ server: DEFAULT_SERVER })
    expect(parseTracesArgs([CID], { ONE_HEADER_URL: 'http://env:1' })).toEqual({
      correlationId: CID,
      server: 'http://env:1',
    })
    expect(
      parseTracesArgs(['--server', 'http://a:2', CID], { ONE_HEADER_URL: 'http://env:1' }),
    ).toMatchObject({
      server: 'http://a:2',
    })
    expect(parseTracesArgs(['--server=http://b:3'], {})).toEqual({ server: 'http://b:3' })
  })

  it.each([
    [['--server'], /--server needs a URL/],
    [['--verbose'], /Unknown option '--verbose'/],
    [['bad id!'], /not a correlation id/],
    [[CID, CID], /Give one correlation id/],
    [['--server', 'localhost:4200'], /is not an http\(s\) URL/],
  ])('refuses %j', (argv, message) => {
    expect(parseTracesArgs(argv, {})).toMatch(message)
  })
})

describe('printTraces', () => {
  const session: Session = { correlationId: CID, spans: [], logs: [] }

  it('fetches the latest session by default and prints it', async () => {
    const r = await run([], () => Response.json(session))
    expect(r).toMatchObject({ code: 0, err: '', urls: [`${DEFAULT_SERVER}/api/telemetry/sessions/latest`] })
    expect(r.out).toMatch(new RegExp(`^Session ${CID}: 0 spans`))
  })

  it('exits 1 with the reason for an unknown session', async () => {
    const body = { errors: [{ type: 'NotFoundError', message: 'No spans or log records.' }] }
    const r = await run([CID, '--server', 'http://h:9'], () => Response.json(body, { status: 404 }))
    expect(r.urls).toEqual([`http://h:9/api/telemetry/sessions/${CID}`])
    expect(r.code).toBe(1)
    expect(r.err).toMatch(`No telemetry for correlation id '${CID}' on http://h:9. No spans or log records.`)
  })

  it('exits 1 and says how to fix it when the server is not reachable', async () => {
    const r = await run([], () => {
      throw new TypeError('fetch failed', {
        cause: Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }),
      })
    })
    expect(r.code).toBe(1)
    expect(r.err).toMatch(/Could not reach the reference server at http:\/\/localhost:4200 \(ECONNREFUSED\)/)
    expect(r.err).toMatch(/npm start.*--server URL or ONE_HEADER_URL/)
  })

  it('prints usage for --help and exits 0', async () => {
    const r = await run(['--help'], () => Response.json({}))
    expect(r).toMatchObject({ code: 0, out: `${USAGE}\n`, urls: [] })
  })

  it('sends the read token from TELEMETRY_READ_TOKEN, else from the token file', async () => {
    const session: Session = { correlationId: CID, spans: [], logs: [] }
    const fromEnv = await run([CID], () => Response.json(session), { TELEMETRY_READ_TOKEN: TOKEN })
    expect(fromEnv).toMatchObject({ code: 0, authorizations: [`Bearer ${TOKEN}`] })
    const fromFile = await run(
      [CID],
      () => Response.json(session),
      {},
      () => ({
        token: 'from-the-file-0123456789',
        from: '/repo/.data/telemetry-read-token',
      }),
    )
    expect(fromFile).toMatchObject({ code: 0, authorizations: ['Bearer from-the-file-0123456789'] })
    // No token anywhere: the request goes without one (the server says 401, below).
    expect((await run([CID], () => Response.json(session))).authorizations).toEqual([undefined])
  })

  it("on 401 says how to give the token, or that the one sent is not the server's", async () => {
    const denied = () =>
      Response.json(
        { errors: [{ type: 'UnauthorizedError', message: 'Reading telemetry needs a token.' }] },
        { status: 401 },
      )
    const none = await run([], denied)
    expect(none.code).toBe(1)
    expect(none.err).toMatch(/needs its telemetry read token to show sessions \(401\), and none was found/)
    expect(none.err).toMatch(/TELEMETRY_READ_TOKEN=<token> npm run traces/)
    expect(none.err).toMatch(/npm start prints the token.*\.data\/telemetry-read-token/)

    const wrong = await run([], denied, {}, () => ({
      token: 'stale-token-0123456789',
      from: '/repo/.data/telemetry-read-token',
    }))
    expect(wrong.code).toBe(1)
    expect(wrong.err).toMatch(
      /refused the telemetry read token from \/repo\/\.data\/telemetry-read-token \(401\)/,
    )
    expect(wrong.err).not.toContain('stale-token-0123456789')
  })

  it('exits 1 with the reason when the token file is malformed', async () => {
    const r = await run(
      [],
      () => Response.json({}),
      {},
      () => {
        throw new Error('/repo/.data/telemetry-read-token does not hold a telemetry read token.')
      },
    )
    expect(r).toMatchObject({ code: 1, urls: [] })
    expect(r.err).toMatch(/does not hold a telemetry read token/)
  })
})
