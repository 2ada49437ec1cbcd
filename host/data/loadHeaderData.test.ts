import { firstValueFrom } from 'rxjs'
import { filter, map } from 'rxjs/operators'
import { describe, expect, it, vi } from 'vitest'
import { type NavComponent, SLOT_GLOBAL_NOTIFICATION, SLOT_HEADER_PROMO } from '../../contracts/cms'
import { isServedSiteConfig } from '../../contracts/siteConfig'
import type { HttpClient, HttpRequest } from '../../kernel/http/createHttpClient'
import type { HttpError, HttpResult } from '../../kernel/http/httpError'
import type { LastGoodStore } from './lastGood'
import {
  type CmsNote,
  loadHeaderData,
  PAGE_CONTENT_WAIT_MS,
  type StartUpCallOptions,
  siteView,
  startUpCall,
} from './loadHeaderData'

function deferred<T>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((r) => {
    resolve = r
  })
  return { promise, resolve }
}

const failure = (path = 'cms/siteConfig'): HttpError => ({
  class: 'timeout',
  payload: undefined,
  message: `GET ${path} timed out`,
  method: 'GET',
  path,
  correlationId: 'c',
})
const ok = <T>(data: T): HttpResult<T> => ({ ok: true, data, status: 200 })
const tick = () => new Promise((r) => setTimeout(r, 0))
const NOW = 1_000_000_000

function setUp(stored?: string) {
  const call = deferred<HttpResult<string>>()
  const deadline = deferred<void>()
  const notes: CmsNote[] = []
  const saved: string[] = []
  const opts: StartUpCallOptions<string> = {
    part: 'siteConfig',
    deadline: deadline.promise,
    deadlineMs: 1000,
    fallback: 'the defaults',
    ...(stored !== undefined ? { stored: () => ({ data: stored, savedAt: NOW - 120_000 }) } : {}),
    save: (d) => saved.push(d),
    note: (n) => notes.push(n),
    now: () => NOW,
  }
  const started = startUpCall(call.promise, opts)
  return { ...started, call, deadline, notes, saved }
}

describe('a start-up call with a deadline (stale-while-revalidate)', () => {
  it('uses the live answer when it is in by the deadline, stores it, and notes nothing', async () => {
    const s = setUp('old')
    s.call.resolve(ok('live'))
    expect(await s.first).toEqual({ source: 'live', data: 'live' })
    expect(await s.later).toBeUndefined()
    expect(s.saved).toEqual(['live'])
    expect(s.notes).toEqual([])
  })

  it('past the deadline uses the stored copy, then the live answer when it differs', async () => {
    const s = setUp('old')
    s.deadline.resolve()
    expect(await s.first).toEqual({ source: 'stored', data: 'old', savedAt: NOW - 120_000 })
    expect(s.notes.map((n) => [n.code, n.source, n.ageMs])).toEqual([
      ['CMS_STORED_COPY_USED', 'stored', 120_000],
    ])
    expect(s.notes[0]?.message).toMatch(/no answer within 1000 ms; the copy stored 2 min ago is used until/)
    s.call.resolve(ok('new'))
    expect(await s.later).toEqual({ data: 'new' })
    expect(s.saved).toEqual(['new'])
    expect(s.notes.at(-1)).toMatchObject({ code: 'CMS_LIVE_ANSWER_USED', source: 'live' })
    expect(s.notes.at(-1)?.message).toMatch(/replaces the stored copy/)
  })

  it('changes nothing when the late live answer is the stored copy (no second render)', async () => {
    const s = setUp('same')
    s.deadline.resolve()
    await s.first
    s.call.resolve(ok('same'))
    expect(await s.later).toBeUndefined()
    expect(s.notes.at(-1)?.message).toMatch(/same as the stored copy/)
    expect(s.saved).toEqual(['same'])
  })

  it('with nothing stored, shows nothing (the defaults) past the deadline, then the live answer', async () => {
    const s = setUp()
    s.deadline.resolve()
    expect(await s.first).toEqual({ source: 'none' })
    expect(s.notes[0]).toMatchObject({ code: 'CMS_DEFAULTS_USED', source: 'defaults' })
    s.call.resolve(ok('live'))
    expect(await s.later).toEqual({ data: 'live' })
    expect(s.notes.at(-1)?.message).toMatch(/replaces the defaults/)
  })

  it('a call that fails before the deadline falls back at once: stored copy, or the error', async () => {
    const stored = setUp('old')
    stored.call.resolve({ ok: false, error: failure() })
    expect(await stored.first).toMatchObject({ source: 'stored', data: 'old' })
    expect(stored.notes[0]?.message).toMatch(/its call failed; the copy stored 2 min ago is used$/)
    expect(await stored.later).toBeUndefined()

    const none = setUp()
    none.call.resolve({ ok: false, error: failure() })
    expect(await none.first).toEqual({ source: 'none', error: failure() })
    expect(await none.later).toBeUndefined()
    expect(none.saved).toEqual([])
  })

  it('a late call that fails keeps the stored copy; with nothing shown, it becomes the error', async () => {
    const stored = setUp('old')
    stored.deadline.resolve()
    await stored.first
    stored.call.resolve({ ok: false, error: failure() })
    expect(await stored.later).toBeUndefined()
    expect(stored.notes.at(-1)).toMatchObject({ code: 'CMS_LIVE_ANSWER_FAILED', source: 'stored' })

    const none = setUp()
    none.deadline.resolve()
    await none.first
    none.call.resolve({ ok: false, error: failure() })
    expect(await none.later).toEqual({ error: failure() })
  })

  it('a call that throws (it never should) is a failure, not a crash', async () => {
    const deadline = deferred<void>()
    const s = startUpCall(Promise.reject(new Error('boom')), {
      part: 'navigation',
      deadline: deadline.promise,
      deadlineMs: 1000,
      fallback: 'nothing',
    })
    expect(await s.first).toMatchObject({ source: 'none', error: { class: 'unknown' } })
  })
})

describe('the header data streams', () => {
  const NAV: NavComponent[] = [
    { uid: 'A', visible: 'true', highlighted: 'false', link: { linkName: 'Coffee', url: '/c/coffee' } },
  ]

  /** An HTTP client whose answers the test gives, per path. */
  function fakeHttp() {
    const waiting = new Map<string, (r: HttpResult<unknown>) => void>()
    const http: HttpClient = {
      request<T>(req: HttpRequest<T>) {
        return new Promise<HttpResult<T>>((resolve) => {
          waiting.set(req.path, resolve as (r: HttpResult<unknown>) => void)
        })
      },
    }
    const answer = async (path: string, result: HttpResult<unknown>) => {
      for (let i = 0; i < 20 && !waiting.has(path); i++) await tick()
      waiting.get(path)?.(result)
    }
    return { http, answer }
  }

  function memoryLastGood(nav?: NavComponent[]): LastGoodStore & { written: unknown[] } {
    const written: unknown[] = []
    return {
      written,
      has: (part) => part === 'navigation' && nav !== undefined,
      read: ((part: string) =>
        part === 'navigation' && nav
          ? { data: nav, savedAt: Date.now() }
          : undefined) as LastGoodStore['read'],
      write: (_part, data) => {
        written.push(data)
      },
    }
  }

  /** Start-up data with a stored navigation and a deadline the test releases. */
  function startWithStoredNav() {
    const { http, answer } = fakeHttp()
    const deadline = deferred<void>()
    const lastGood = memoryLastGood(NAV)
    const data = loadHeaderData(http, 'en', undefined, {
      deadline: deadline.promise,
      deadlineMs: 300,
      lastGood,
    })
    return { answer, deadline, lastGood, data }
  }

  it('past the deadline, the navigation shows the stored copy and is settled; the live answer replaces it', async () => {
    const { answer, deadline, lastGood, data } = startWithStoredNav()
    expect(data.navigation$.value()).toEqual({ status: 'loading' })
    deadline.resolve()
    await data.settled
    expect(data.navigation$.value()).toEqual({ status: 'success', data: NAV })
    // The header content is never stored: it stays loading (its rows keep their reserved height).
    expect(data.page$.value()).toEqual({ status: 'loading' })
    const changed = [{ ...NAV[0]!, uid: 'B' }]
    await answer('cms/content-slots/NavigationBarSlot', ok({ componentUids: { componentUidList: ['B'] } }))
    await answer('cms/components', ok({ component: changed }))
    await firstValueFrom(
      data.navigation$.pipe(filter((r) => r.status === 'success' && r.data[0]?.uid === 'B')),
    )
    expect(lastGood.written).toEqual([changed])
    await answer('cms/pages', ok({ contentSlots: { contentSlot: [] } }))
    await firstValueFrom(data.page$.pipe(filter((r) => r.status === 'success')))
  })

  it('with answers in time, settles with them and never looks at the stored copy', async () => {
    const { answer, data } = startWithStoredNav()
    await answer('cms/pages', ok({ contentSlots: { contentSlot: [] } }))
    await answer('cms/content-slots/NavigationBarSlot', ok({ componentUids: { componentUidList: [] } }))
    await data.settled
    expect(data.navigation$.value()).toEqual({ status: 'success', data: [] })
  })
})

describe('page-specific header content (cms/pages homepage and search)', () => {
  const promo = (uid: string) => ({
    contentSlots: {
      contentSlot: [
        {
          position: SLOT_HEADER_PROMO,
          components: {
            component: [{ typeCode: 'CMSParagraphComponent', uid, visible: 'true', content: uid }],
          },
        },
      ],
    },
  })
  /** Answers each cms/pages call by its page id; records every query. */
  function pagesHttp(answers: Record<string, HttpResult<unknown>>) {
    const asked: Record<string, unknown>[] = []
    const http: HttpClient = {
      request<T>(req: HttpRequest<T>) {
        const query = (req.query ?? {}) as Record<string, unknown>
        if (req.path === 'cms/pages') asked.push(query)
        const answer = answers[String(query.pageLabelOrId)] ?? ok({ componentUids: { componentUidList: [] } })
        return Promise.resolve(answer as HttpResult<T>)
      },
    }
    return { http, asked }
  }
  const start = (http: HttpClient, pathname: string, ticket?: string) =>
    loadHeaderData(http, 'en', ticket, { deadline: new Promise(() => {}), deadlineMs: 1000, pathname })
  const promoUid = async (data: ReturnType<typeof start>) => {
    const page = await firstValueFrom(data.page$.pipe(filter((r) => r.status !== 'loading')))
    return page.status === 'success'
      ? page.data.contentSlots.contentSlot[0]?.components.component[0]?.uid
      : page.status
  }

  it('on the home page the home page’s promo takes the header promo’s place; both calls carry the preview ticket', async () => {
    const { http, asked } = pagesHttp({
      oneHeader: ok(promo('header-promo')),
      homepage: ok(promo('home-promo')),
    })
    expect(await promoUid(start(http, '/', 'ticket-7'))).toBe('home-promo')
    expect(asked).toEqual([
      { lang: 'en', pageLabelOrId: 'oneHeader', cmsTicketId: 'ticket-7' },
      { lang: 'en', pageLabelOrId: 'homepage', cmsTicketId: 'ticket-7' },
    ])
  })

  it('the search page asks for its own page; other pages only for oneHeader; a failed page call keeps oneHeader', async () => {
    const search = pagesHttp({ oneHeader: ok(promo('header-promo')), search: ok(promo('search-tip')) })
    expect(await promoUid(start(search.http, '/fr/recherche'))).toBe('search-tip')
    const other = pagesHttp({ oneHeader: ok(promo('header-promo')) })
    expect(await promoUid(start(other.http, '/c/coffee'))).toBe('header-promo')
    expect(other.asked.map((q) => q.pageLabelOrId)).toEqual(['oneHeader'])
    const failing = pagesHttp({
      oneHeader: ok(promo('header-promo')),
      homepage: { ok: false, error: failure('cms/pages') },
    })
    expect(await promoUid(start(failing.http, '/'))).toBe('header-promo')
    // A page call slower than PAGE_CONTENT_WAIT_MS never holds the header's own rows.
    const hanging: HttpClient = {
      request<T>(req: HttpRequest<T>) {
        const query = (req.query ?? {}) as Record<string, unknown>
        return query.pageLabelOrId === 'homepage'
          ? new Promise<HttpResult<T>>(() => {})
          : Promise.resolve(ok(promo('header-promo')) as HttpResult<T>)
      },
    }
    const startedAt = Date.now()
    expect(await promoUid(start(hanging, '/'))).toBe('header-promo')
    expect(Date.now() - startedAt).toBeLessThan(PAGE_CONTENT_WAIT_MS + 500)
  })
})

describe('the header content follows the visitor’s segments', () => {
  const promoOf = (uid: string) => ({
    contentSlots: {
      contentSlot: [
        {
          position: SLOT_GLOBAL_NOTIFICATION,
          components: {
            component: [
              { typeCode: 'CMSParagraphComponent', uid: `note-${uid}`, visible: 'true', content: uid },
            ],
          },
        },
        {
          position: SLOT_HEADER_PROMO,
          components: {
            component: [{ typeCode: 'CMSParagraphComponent', uid, visible: 'true', content: uid }],
          },
        },
      ],
    },
  })
  /** Answers cms/pages by the segments the call carries: a newcomer's offer for an UnknownUser. */
  function targetedHttp(fail = false) {
    const sent: (string | undefined)[] = []
    const http: HttpClient = {
      request<T>(req: HttpRequest<T>) {
        const codes = req.headers?.segmentCodes
        if (req.path !== 'cms/pages')
          return Promise.resolve(ok({ componentUids: { componentUidList: [] } }) as HttpResult<T>)
        sent.push(codes)
        if (fail && codes) return Promise.resolve({ ok: false, error: failure('cms/pages') } as HttpResult<T>)
        return Promise.resolve(
          ok(promoOf(codes?.includes('KnownUser') ? 'welcome-back' : 'new-here')) as HttpResult<T>,
        )
      },
    }
    return { http, sent }
  }
  const shownUid = (data: ReturnType<typeof loadHeaderData>) =>
    firstValueFrom(
      data.page$.pipe(
        filter((r) => r.status === 'success'),
        map((r) =>
          r.status === 'success'
            ? r.data.contentSlots.contentSlot.find((slot) => slot.position === SLOT_HEADER_PROMO)?.components
                .component[0]?.uid
            : '',
        ),
      ),
    )
  const start = (http: HttpClient) =>
    loadHeaderData(http, 'en', undefined, {
      deadline: new Promise(() => {}),
      deadlineMs: 1000,
      pathname: '/c/coffee',
      segmentCodes: 'UnknownUser',
    })

  it('new segments ask for the content again with them, and its answer replaces what is shown', async () => {
    const { http, sent } = targetedHttp()
    const data = start(http)
    expect(await shownUid(data)).toBe('new-here')
    data.refreshContent('KnownUser')
    await vi.waitFor(async () => expect(await shownUid(data)).toBe('welcome-back'))
    expect(sent).toEqual([undefined, 'KnownUser'])
    // Only the row under the header follows: the notification above it keeps what it showed.
    const shown = await firstValueFrom(data.page$)
    expect(
      shown.status === 'success' &&
        shown.data.contentSlots.contentSlot.find((slot) => slot.position === SLOT_GLOBAL_NOTIFICATION)
          ?.components.component[0]?.uid,
    ).toBe('note-new-here')
    // The segments it was asked with already: no call.
    data.refreshContent('KnownUser')
    expect(sent).toHaveLength(2)
  })

  it('reset (header spec §4): a failed header content and navigation go back to not loading, and are asked again', async () => {
    let down = true
    const asked: string[] = []
    const http: HttpClient = {
      request<T>(req: HttpRequest<T>) {
        asked.push(req.path)
        if (down) return Promise.resolve({ ok: false, error: failure(req.path) } as HttpResult<T>)
        if (req.path !== 'cms/pages')
          return Promise.resolve(ok({ componentUids: { componentUidList: [] } }) as HttpResult<T>)
        return Promise.resolve(ok(promoOf('new-here')) as HttpResult<T>)
      },
    }
    const data = start(http)
    await data.settled
    expect(data.page$.value().status).toBe('error')
    expect(data.navigation$.value().status).toBe('error')
    data.reset()
    expect(data.page$.value()).toEqual({ status: 'idle' })
    expect(data.navigation$.value()).toEqual({ status: 'idle' })
    // The same segments as start-up: asked again, since the last ask failed.
    down = false
    const before = asked.length
    data.refreshContent('UnknownUser')
    expect(asked.slice(before)).toEqual(['cms/pages'])
    expect(await shownUid(data)).toBe('new-here')
    // A reset with nothing failed changes nothing and re-arms nothing.
    data.reset()
    expect(data.page$.value().status).toBe('success')
    data.refreshContent('UnknownUser')
    expect(asked.slice(before)).toEqual(['cms/pages'])
  })

  it('the segments of start-up ask nothing; a failed ask keeps what is shown', async () => {
    const { http, sent } = targetedHttp(true)
    const data = start(http)
    data.refreshContent('UnknownUser')
    expect(sent).toEqual([undefined])
    data.refreshContent('KnownUser')
    await vi.waitFor(() => expect(sent).toHaveLength(2))
    await new Promise((r) => setTimeout(r, 10))
    expect(await shownUid(data)).toBe('new-here')
  })
})

describe('site configuration and labels', () => {
  it('come from the answer, or are the built-in defaults without one', () => {
    const live = siteView({
      siteConfigurations: { entry: [{ key: 'search.character.limit', value: '40' }] },
      messageItems: { entry: [{ key: 'header.log.in', value: 'Sign in' }] },
    })
    expect(live.siteConfig.searchCharacterLimit).toBe(40)
    expect(live.labels['header.log.in']).toBe('Sign in')
    const defaults = siteView()
    expect(defaults.siteConfig.searchCharacterLimit).toBe(100)
    expect(defaults.labels['header.log.in']).toBe('Log In')
    expect(defaults.response).toBeUndefined()
  })

  it('the defaults alone are marked as no served configuration; an answer (live or stored) is not', () => {
    const answer = { siteConfigurations: { entry: [] }, messageItems: { entry: [] } }
    expect(isServedSiteConfig(siteView(answer).siteConfig)).toBe(true)
    expect(isServedSiteConfig(siteView().siteConfig)).toBe(false)
  })
})
