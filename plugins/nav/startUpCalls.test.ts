import { describe, expect, it } from 'vitest'
import type { NavComponent } from '../../contracts/cms'
import type { HttpClient, HttpRequest } from '../../kernel/http/createHttpClient'
import type { HttpError, HttpResult } from '../../kernel/http/httpError'
import { loadNavigation } from './startUpCalls'

const ok = <T>(data: T): HttpResult<T> => ({ ok: true, data, status: 200 })
const timedOut = (path: string): HttpError => ({
  class: 'timeout',
  payload: undefined,
  message: `GET ${path} timed out`,
  method: 'GET',
  path,
  correlationId: 'c',
})
const item = (uid: string, linkName: string): NavComponent => ({
  uid,
  visible: 'true',
  highlighted: 'false',
  link: { linkName, url: `/c/${linkName.toLowerCase()}` },
})

/** An HTTP client that answers each path from `answers`, as the kernel's does (one retry when flagged). */
function httpAnswering(answers: (path: string, attempt: number) => HttpResult<unknown>) {
  const asked: HttpRequest<unknown>[] = []
  const http: HttpClient = {
    async request<T>(req: HttpRequest<T>): Promise<HttpResult<T>> {
      const attempt = (): HttpResult<unknown> => {
        asked.push(req as HttpRequest<unknown>)
        return answers(req.path, asked.filter((r) => r.path === req.path).length)
      }
      const first = attempt()
      return (first.ok || !req.retryOnce ? first : attempt()) as HttpResult<T>
    },
  }
  return { http, asked }
}

describe('the navigation start-up asks for', () => {
  it('is the NavigationBarSlot’s components in the slot’s order, unknown uids left out', async () => {
    const { http, asked } = httpAnswering((path) =>
      path === 'cms/content-slots/NavigationBarSlot'
        ? ok({ componentUids: { componentUidList: ['B', 'X', 'A'] } })
        : ok({ component: [item('A', 'Coffee'), item('B', 'Brewers')] }),
    )
    const answer = await loadNavigation(http, 'fr')
    expect(answer.ok && answer.data.map((c) => c.uid)).toEqual(['B', 'A'])
    expect(asked.map((r) => [r.path, r.query])).toEqual([
      ['cms/content-slots/NavigationBarSlot', { lang: 'fr' }],
      ['cms/components', { componentIds: 'B,X,A', pageSize: 3, lang: 'fr' }],
    ])
  })

  it('asks for no components when the slot has none', async () => {
    const { http, asked } = httpAnswering(() => ok({ componentUids: { componentUidList: [] } }))
    expect(await loadNavigation(http, 'en')).toEqual({ ok: true, data: [], status: 200 })
    expect(asked).toHaveLength(1)
  })

  it('asks each call once more when it times out (a CMS hanging past 5 s), and that answer is the navigation', async () => {
    // As the HTTP client does (header spec §8): a call flagged for retry is asked once more on any
    // failure. Each navigation call's first attempt times out, as a hanging CMS's preloaded one does.
    const nav = [item('A', 'Coffee')]
    const { http, asked } = httpAnswering((path, attempt) => {
      if (attempt === 1) return { ok: false, error: timedOut(path) }
      return path === 'cms/content-slots/NavigationBarSlot'
        ? ok({ componentUids: { componentUidList: ['A'] } })
        : ok({ component: nav })
    })
    expect(await loadNavigation(http, 'en')).toEqual(ok(nav))
    expect(asked.map((r) => r.path)).toEqual([
      'cms/content-slots/NavigationBarSlot',
      'cms/content-slots/NavigationBarSlot',
      'cms/components',
      'cms/components',
    ])
  })
})
