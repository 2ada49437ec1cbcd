// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { DEFAULT_SERVER, parseTracesArgs, printTraces, USAGE } from './printTraces'
import type { Session } from './sessionTypes'

const CID = '9d2c1e4f-0a1b-4c2d-8e3f-123456789abc-18f9a2b3c4d'

function run(argv: string[], answer: (url: string) => Response | Promise<Response>, env = {}) {
  const out: string[] = []
  const err: string[] = []
  const urls: string[] = []
  const fetch = (async (url: URL | string) => {
    urls.push(String(url))
    return answer(String(url))
  }) as typeof globalThis.fetch
  return printTraces(argv, env, { fetch, out: (t) => out.push(t), err: (t) => err.push(t) }).then((code) => ({
    code,
    out: out.join(''),
    err: err.join(''),
    urls,
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
})
