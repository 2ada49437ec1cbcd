import { describe, expect, it } from 'vitest'
import type { HttpClient, HttpRequest } from '../../kernel/http/createHttpClient'
import type { HttpResult } from '../../kernel/http/httpError'
import { serverDown } from '../../test/fakes/httpFailure'
import { createContentSlots } from './contentSlots'

const ok = (data: unknown): HttpResult<unknown> => ({ ok: true, data, status: 200 })
const para = (uid: string, extra: Record<string, unknown> = {}) => ({
  typeCode: 'CMSParagraphComponent',
  uid,
  content: `<p>${uid}</p>`,
  ...extra,
})

function fakeHttp(answer: (req: HttpRequest<unknown>) => HttpResult<unknown>) {
  const asked: { path: string; query: unknown }[] = []
  const http = {
    request: async (req: HttpRequest<unknown>) => {
      asked.push({ path: req.path, query: req.query })
      return answer(req)
    },
  } as unknown as HttpClient
  return { http, asked }
}

describe('content slots fetched by position (componentUids, position, isLoggedIn)', () => {
  it('asks for the slot’s uids, then its components for the audience; keeps visible ones for it, once per audience', async () => {
    const { http, asked } = fakeHttp((req) =>
      req.path.startsWith('cms/content-slots/')
        ? ok({ componentUids: { componentUidList: ['In', 'Out', 'All', 'Hidden', 'bad uid!'] } })
        : ok({
            component: [
              para('In', { audience: 'loggedIn' }),
              para('Out', { audience: 'loggedOut' }),
              para('All'),
              para('Hidden', { visible: 'false' }),
              { typeCode: 42 },
            ],
          }),
    )
    const slots = createContentSlots(http, 'fr')
    const signedIn = await slots.components('AccountMenuBannerSlot', true)
    expect(signedIn.status === 'success' && signedIn.data.map((c) => c.uid)).toEqual(['In', 'All'])
    expect(asked).toEqual([
      { path: 'cms/content-slots/AccountMenuBannerSlot', query: { lang: 'fr' } },
      {
        path: 'cms/components',
        query: { componentIds: 'In,Out,All,Hidden', pageSize: 4, lang: 'fr', isLoggedIn: true },
      },
    ])
    await slots.components('AccountMenuBannerSlot', true)
    expect(asked).toHaveLength(2) // cached
    // …and at hand synchronously, for a menu that opens after the account button warmed it.
    expect(slots.peek('AccountMenuBannerSlot', true)?.map((c) => c.uid)).toEqual(['In', 'All'])
    expect(slots.peek('AccountMenuBannerSlot', false)).toBeUndefined()
    const visitor = await slots.components('AccountMenuBannerSlot', false)
    expect(visitor.status === 'success' && visitor.data.map((c) => c.uid)).toEqual(['Out', 'All'])
  })

  it('a failure is an error value, and the next ask tries again', async () => {
    let fail = true
    const { http } = fakeHttp(() =>
      fail
        ? { ok: false, error: serverDown({ correlationId: 'c' }) }
        : ok({ componentUids: { componentUidList: [] } }),
    )
    const slots = createContentSlots(http, 'en')
    expect((await slots.components('S', false)).status).toBe('error')
    fail = false
    await new Promise((r) => setTimeout(r, 0))
    expect(await slots.components('S', false)).toEqual({ status: 'success', data: [] })
  })
})
