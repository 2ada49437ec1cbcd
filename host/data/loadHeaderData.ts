import { BehaviorSubject } from 'rxjs'
import {
  type HeaderPageResponse,
  HeaderPageResponseSchema,
  type NavComponent,
  type SiteConfigResponse,
  SiteConfigResponseSchema,
  SLOT_HEADER_PROMO,
} from '../../contracts/cms'
import { type Labels, labelsFrom } from '../../contracts/labels'
import { headerPageFor, withPageHeaderSlots } from '../../contracts/pageHeaderContent'
import type { HeaderData } from '../../contracts/serviceRefs'
import { parseSiteConfig, type SiteConfig } from '../../contracts/siteConfig'
import type { HttpClient } from '../../kernel/http/createHttpClient'
import type { HttpError, HttpResult } from '../../kernel/http/httpError'
import { type Resource, unexpectedError } from '../../kernel/state/resource'
import { stateStream } from '../../kernel/state/stateStream'
import { loadNavigation } from '../../plugins/nav/startUpCalls'
import type { Lang } from '../../site/brand'
import { SEGMENT_CODES_HEADER } from '../../site/visitorSegments'
import { delay } from '../mount/delay'
import type { LastGoodStore, Stored } from './lastGood'

/**
 * How long start-up waits for `cms/siteConfig` and the navigation on a first visit (nothing stored)
 * before it renders the header with the built-in defaults: the page preloads these calls, so their
 * answers are normally in before start-up asks (well under this); a CMS that has not answered within
 * a second is slow or down, and the shopper gets a whole header about 1.2 s after the frame instead
 * of after the client's 5 s time-out and its retry (about 11 s). The calls go on in the background,
 * with their time-out and retry, and their answers replace the defaults when they come.
 */
export const START_UP_DEADLINE_MS = 1000
/**
 * The same wait when a young enough stored copy exists (a returning shopper): short, so the whole
 * header is there well within 1.5 s of the frame even when the CMS hangs, but long enough that a
 * normal network (answers preloaded) still wins and the header renders once, with the live values.
 */
export const STORED_COPY_WAIT_MS = 300

/** Where what the header shows of a start-up call came from. */
export type CmsSource = 'loading' | 'live' | 'stored' | 'defaults'

/** What start-up tells the logs about a slow or failed CMS (host/startHeader.tsx reports these). */
export interface CmsNote {
  code: 'CMS_STORED_COPY_USED' | 'CMS_DEFAULTS_USED' | 'CMS_LIVE_ANSWER_USED' | 'CMS_LIVE_ANSWER_FAILED'
  /** `siteConfig`, `navigation` or `headerContent`. */
  part: string
  /** What the header shows of that part from now on. */
  source: CmsSource
  message: string
  /** Age of the stored copy used, in ms. */
  ageMs?: number
}

/** What start-up shows first of a call: the live answer, the stored copy, or nothing (yet). */
export type Shown<T> =
  | { source: 'live'; data: T }
  | { source: 'stored'; data: T; savedAt: number }
  | { source: 'none'; error?: HttpError }

export interface StartUpCall<T> {
  /** The live answer if it is in by the deadline; else the stored copy; else nothing (with the error if it failed). */
  first: Promise<Shown<T>>
  /**
   * What changes once the live answer comes after something else was shown first: its data when it
   * differs from what is shown, its error when nothing is shown, or undefined (nothing to change).
   */
  later: Promise<{ data: T } | { error: HttpError } | undefined>
}

export interface StartUpCallOptions<T> {
  /** For the notes: `siteConfig`, `navigation`, `headerContent`. */
  part: string
  /** Settles when start-up stops waiting for the network. */
  deadline: Promise<void>
  deadlineMs: number
  /** The stored copy, read only when it is needed. */
  stored?: () => Stored<T> | undefined
  /** Keeps a live answer as the new stored copy. */
  save?: (data: T) => void
  /** What the built-in fallback is, for the notes ("defaults", "an empty navigation bar"). */
  fallback: string
  note?: (note: CmsNote) => void
  now?: () => number
}

/**
 * One start-up call, stale-while-revalidate: races the live answer against the deadline; falls back
 * to the stored copy (or to nothing, meaning the built-in defaults) when the answer is late or
 * failed; keeps every live answer as the new stored copy; and says what to change when the live
 * answer comes later. Each fallback and each replacement is noted.
 */
export function startUpCall<T>(call: Promise<HttpResult<T>>, opts: StartUpCallOptions<T>): StartUpCall<T> {
  const now = opts.now ?? Date.now
  const note = (n: CmsNote) => {
    try {
      opts.note?.(n)
    } catch {
      // Reporting must never break start-up.
    }
  }
  const live = call.then(
    (result) => result,
    (error: unknown): HttpResult<T> => ({ ok: false, error: unexpectedError(error) }),
  )
  void live.then((result) => {
    if (result.ok) opts.save?.(result.data)
  })
  const first = Promise.race([live, opts.deadline.then(() => undefined)]).then((result): Shown<T> => {
    if (result?.ok) return { source: 'live', data: result.data }
    const why = result ? 'its call failed' : `no answer within ${opts.deadlineMs} ms`
    const stored = opts.stored?.()
    if (stored) {
      const ageMs = Math.max(0, now() - stored.savedAt)
      note({
        code: 'CMS_STORED_COPY_USED',
        part: opts.part,
        source: 'stored',
        ageMs,
        message: `${opts.part}: ${why}; the copy stored ${Math.round(ageMs / 60_000)} min ago is used${result ? '' : ' until the answer comes'}`,
      })
      return { source: 'stored', data: stored.data, savedAt: stored.savedAt }
    }
    note({
      code: 'CMS_DEFAULTS_USED',
      part: opts.part,
      source: 'defaults',
      message: `${opts.part}: ${why} and no copy is stored; ${opts.fallback} ${result ? 'is used' : 'until the answer comes'}`,
    })
    return result ? { source: 'none', error: result.error } : { source: 'none' }
  })
  const later = first.then(async (shown) => {
    if (shown.source === 'live' || (shown.source === 'none' && shown.error)) return undefined
    const result = await live
    if (!result.ok) {
      // The failure itself is reported by the HTTP client, with the correlation id.
      if (shown.source === 'stored') {
        note({
          code: 'CMS_LIVE_ANSWER_FAILED',
          part: opts.part,
          source: 'stored',
          message: `${opts.part}: the late call failed; the stored copy stays`,
        })
        return undefined
      }
      // Stored and failed before the deadline are handled in `first`: this is "late, nothing shown, failed".
      return { error: result.error }
    }
    const same = shown.source === 'stored' && JSON.stringify(result.data) === JSON.stringify(shown.data)
    note({
      code: 'CMS_LIVE_ANSWER_USED',
      part: opts.part,
      source: 'live',
      message: same
        ? `${opts.part}: the live answer came and is the same as the stored copy shown`
        : `${opts.part}: the live answer came and replaces ${shown.source === 'stored' ? 'the stored copy' : opts.fallback}`,
    })
    return same ? undefined : { data: result.data }
  })
  return { first, later }
}

/** Site configuration and labels, as the header uses them; `response` is the decoded answer (stored). */
export interface SiteView {
  siteConfig: SiteConfig
  labels: Labels
  response?: SiteConfigResponse
}

/** Configuration and labels from `cms/siteConfig`'s answer (live or stored); without one, the built-in defaults. */
export function siteView(response?: SiteConfigResponse): SiteView {
  const siteConfig = parseSiteConfig(response?.siteConfigurations.entry ?? [])
  return {
    // Without an answer (live or stored) these are the defaults alone: marked, so the search box
    // waits for the store's configuration (header spec §5).
    siteConfig: response ? siteConfig : { ...siteConfig, builtInOnly: true },
    labels: labelsFrom(response?.messageItems.entry ?? []),
    ...(response ? { response } : {}),
  }
}

/**
 * Site configuration and labels (header spec §7: cms/siteConfig with pageLabelOrId=NAVIGATIONHEADER).
 * Retried once on failure (header spec §8); the result is an error value, never a throw.
 */
export function loadSiteConfig(http: HttpClient, lang: Lang): Promise<HttpResult<SiteConfigResponse>> {
  return http.request({
    path: 'cms/siteConfig',
    query: { lang, pageLabelOrId: 'NAVIGATIONHEADER' },
    schema: SiteConfigResponseSchema,
    retryOnce: true,
  })
}

/** The header's CMS data for start-up, with when start-up may render. */
export interface StartUpHeaderData extends HeaderData {
  /**
   * Settles when both the header content and the navigation show something (their answers, or the
   * stored navigation), or when the deadline has passed: start-up renders the shell then.
   */
  settled: Promise<void>
  /**
   * Settles when the navigation's live answer is shown (never when it failed): the served first
   * view's navigation, drawn from the page server's own answer, stays until then.
   */
  navigationLive: Promise<void>
  /**
   * Settles when the header content's live answer is shown (never when it failed): the served first
   * view's notification and promotion rows, drawn from the page server's own answer, stay until then.
   */
  pageLive: Promise<void>
  /**
   * Asks for the header content again with the visitor's new segments (`segmentCodes`), when they
   * differ from those it was last asked with: the answer replaces the rows' content in place (a
   * failed call leaves it as it is). "New here? … your first order" goes at sign-in.
   */
  refreshContent(segmentCodes: string): void
  /**
   * Header spec §4: "Header and login-content have a reset to not-loading". A failed header content
   * or navigation goes back to not loading (`idle`: the rows stay empty at their reserved height, no
   * error is shown any more) and the next `refreshContent` asks again even with the same segments, as
   * the login content's reset lets the next opening of the flyout try again. What is shown is kept.
   */
  reset(): void
}

/**
 * Starts the header's CMS fetches; each is a Resource stream that never throws. The navigation is
 * stale-while-revalidate: past the deadline it shows the stored copy (or stays empty, its area kept
 * at its size) and the live answer replaces it when it comes; every live answer is stored. The header
 * content is never stored: past the deadline its rows stay empty, at the height the page reserved.
 */
export function loadHeaderData(
  http: HttpClient,
  lang: Lang,
  cmsTicketId: string | undefined,
  startUp: {
    deadline: Promise<void>
    deadlineMs: number
    lastGood?: LastGoodStore
    note?: (note: CmsNote) => void
    /** The page's path: the home and search pages add their own CMS page's header rows. */
    pathname?: string
    /** The segments the content calls carry at start-up (the client's `contentHeaders`). */
    segmentCodes?: string
  },
): StartUpHeaderData {
  const common = {
    deadline: startUp.deadline,
    deadlineMs: startUp.deadlineMs,
    ...(startUp.note ? { note: startUp.note } : {}),
  }
  const page = resource(
    startUpCall(headerContent(http, lang, cmsTicketId, startUp.pathname), {
      ...common,
      part: 'headerContent',
      fallback: 'no announcement or promotion',
    }),
  )
  const store = startUp.lastGood
  const navigation = resource(
    startUpCall(loadNavigation(http, lang), {
      ...common,
      part: 'navigation',
      fallback: 'an empty navigation bar',
      ...(store
        ? {
            stored: () => store.read('navigation'),
            save: (data: NavComponent[]) => store.write('navigation', data),
          }
        : {}),
    }),
  )
  let askedWith = startUp.segmentCodes
  let generation = 0
  return {
    page$: page.stream,
    navigation$: navigation.stream,
    settled: Promise.all([page.shown, navigation.shown]).then(() => undefined),
    navigationLive: navigation.live,
    pageLive: page.live,
    reset() {
      const contentFailed = page.reset()
      navigation.reset()
      // The content that failed is asked again on the next refresh, whatever its segments.
      if (contentFailed) askedWith = undefined
    },
    refreshContent(segmentCodes) {
      if (segmentCodes === askedWith) return
      askedWith = segmentCodes
      const mine = ++generation
      void headerContent(http, lang, cmsTicketId, startUp.pathname, {
        [SEGMENT_CODES_HEADER]: segmentCodes,
      }).then((answer) => {
        // Only the latest ask's answer, and only a good one: a failure keeps what is shown.
        if (mine !== generation || !answer.ok) return
        const shown = page.current()
        page.show(shown ? withPromoOf(shown, answer.data) : answer.data)
      })
    },
  }
}

/**
 * `shown` with the promotion row of `asked`: only the row under the header follows the visitor's new
 * segments while the page is open. The notification above the header keeps what it showed (a
 * targeted paragraph there adds a line: the whole page would move).
 */
function withPromoOf(shown: HeaderPageResponse, asked: HeaderPageResponse): HeaderPageResponse {
  const promo = (page: HeaderPageResponse) =>
    page.contentSlots.contentSlot.filter((s) => s.position === SLOT_HEADER_PROMO)
  const others = shown.contentSlots.contentSlot.filter((s) => s.position !== SLOT_HEADER_PROMO)
  return { ...shown, contentSlots: { contentSlot: [...others, ...promo(asked)] } }
}

/** How long the home or search page's own call may take beyond the oneHeader answer. */
export const PAGE_CONTENT_WAIT_MS = 300

/**
 * The header's CMS content (cms/pages `oneHeader`, with the `cmsTicketId` preview ticket), and on the
 * home and search pages their own CMS page's header rows over it (contracts/pageHeaderContent.ts),
 * both asked at once. The page's own call failing, or answering more than PAGE_CONTENT_WAIT_MS after
 * oneHeader's, leaves the `oneHeader` content as it is for this page view.
 */
async function headerContent(
  http: HttpClient,
  lang: Lang,
  cmsTicketId: string | undefined,
  pathname: string | undefined,
  /** Headers over the client's content headers (the visitor's segments once they changed). */
  headers?: Record<string, string>,
): Promise<HttpResult<HeaderPageResponse>> {
  const ask = (pageLabelOrId: string) =>
    http.request({
      path: 'cms/pages',
      query: { lang, pageLabelOrId, ...(cmsTicketId ? { cmsTicketId } : {}) },
      schema: HeaderPageResponseSchema,
      ...(headers ? { headers } : {}),
    })
  const own = pathname === undefined ? undefined : headerPageFor(pathname)
  const headerCall = ask('oneHeader')
  const pageCall = own ? ask(own) : undefined
  const header = await headerCall
  if (!header.ok || !pageCall) return header
  // The page's own rows wait a little for their call, never the header's: past that, oneHeader's show.
  const page = await Promise.race([pageCall, delay(PAGE_CONTENT_WAIT_MS).then(() => undefined)])
  if (!page?.ok) return header
  const contentSlot = withPageHeaderSlots(
    header.data.contentSlots.contentSlot,
    page.data.contentSlots.contentSlot,
  )
  return { ...header, data: { ...header.data, contentSlots: { contentSlot } } }
}

/** A start-up call as a Resource stream: loading, then what is shown first, then what the live answer changes. */
function resource<T>(call: StartUpCall<T>) {
  const subject = new BehaviorSubject<Resource<T>>({ status: 'loading' })
  const shown = call.first.then((first) => {
    if (first.source !== 'none') subject.next({ status: 'success', data: first.data })
    else if (first.error) subject.next({ status: 'error', error: first.error })
  })
  void call.later.then((change) => {
    if (!change) return
    subject.next(
      'data' in change ? { status: 'success', data: change.data } : { status: 'error', error: change.error },
    )
  })
  const live = call.first.then((first) =>
    first.source === 'live'
      ? undefined
      : call.later.then((change) => (change && 'error' in change ? new Promise<void>(() => {}) : undefined)),
  )
  return {
    stream: stateStream(subject),
    shown,
    live,
    /** Shows `data` in place of what is shown (a later ask's answer). */
    show: (data: T) => subject.next({ status: 'success', data }),
    /** A failure back to not loading (`idle`); true when there was one. What is shown stays. */
    reset: (): boolean => {
      if (subject.getValue().status !== 'error') return false
      subject.next({ status: 'idle' })
      return true
    },
    /** What is shown, if anything. */
    current: (): T | undefined => {
      const now = subject.getValue()
      return now.status === 'success' ? now.data : undefined
    },
  }
}
