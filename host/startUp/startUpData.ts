import type { SiteConfigResponse } from '../../contracts/cms'
import { CONSENT_COOKIE, parseConsentCookie } from '../../contracts/consentCookie'
import { readCookie } from '../../kernel/config/readCookie'
import { createHttpClient } from '../../kernel/createKernel'
import type { HttpClientOptions, KernelHttpClient } from '../../kernel/http/createHttpClient'
import { whenIdle } from '../../kernel/streams/streams'
import { isLogoutPage } from '../../site/logoutPage'
import {
  browserVisitorData,
  forgetAccountInStoredProfile,
  storedSegmentsText,
} from '../../site/visitorProfile'
import { SEGMENT_CODES_HEADER } from '../../site/visitorSegments'
import { createCmsLog } from '../data/cmsLog'
import { openLastGood, pageLocalStorage } from '../data/lastGood'
import {
  type CmsSource,
  loadHeaderData,
  loadSiteConfig,
  START_UP_DEADLINE_MS,
  STORED_COPY_WAIT_MS,
  type StartUpCall,
  type StartUpHeaderData,
  startUpCall,
} from '../data/loadHeaderData'
import { delay } from '../mount/delay'
import type { PageContext } from '../pageContext'
import type { Diagnostics } from './diagnostics'
import { gpcOf } from './pageConsent'

/**
 * Whether targeting may be used before the site configuration is known: not when the stored choice
 * denies it or GPC is on. (Before any choice, a site whose default denies it never stored a profile.)
 */
const targetingChosen = (win: Window): boolean =>
  !gpcOf(win) && parseConsentCookie(readCookie(CONSENT_COOKIE))?.choices.targeting !== false

/** Where the CMS data on screen came from, per part (`window.oneHeader.cms`). */
export type CmsSources = Record<'siteConfig' | 'navigation' | 'headerContent', CmsSource>

/** The start-up calls, asked at once, and what answered them. */
export interface StartUpData {
  http: KernelHttpClient
  siteCall: StartUpCall<SiteConfigResponse>
  headerData: StartUpHeaderData
  sources: CmsSources
  cmsLog: ReturnType<typeof createCmsLog>
}

/**
 * The HTTP client and the start-up calls (configuration and labels, header content, navigation),
 * asked at once, each answered from the page's preloads when it has them. A slow or down CMS never
 * holds the header back: each call is waited for only until a deadline, then the last
 * good copy this browser kept (or the built-in defaults) is shown, and the live answer replaces it
 * when it comes.
 */
export function startUpData(
  page: PageContext,
  correlationId: string,
  diagnostics: Diagnostics,
  win: Window,
  takeEarly: HttpClientOptions['takeEarly'] | undefined,
  /** The API's origin when the page's `baseUrl` names another one (site/headerApi.ts); '' for the page's own. */
  apiOrigin = '',
): StartUpData {
  // The logout page ends the session (site/logoutPage.ts): what the store learnt from the last
  // shopper's account goes before anything is asked with it, what the device is stays (the page
  // server forgot its cookie copy; the page's first profile write puts it back).
  if (isLogoutPage(page.location.pathname)) forgetAccountInStoredProfile()
  const segmentCodes = storedSegmentsText(browserVisitorData(readCookie), targetingChosen(win))
  const http = createHttpClient({
    brand: page.brand,
    // The store's own API: it gets the trace as the page's own origin does.
    ...(apiOrigin ? { origin: apiOrigin, traceOrigins: [apiOrigin] } : {}),
    correlationId: () => correlationId,
    readCookie,
    onFailure: diagnostics.httpFailure,
    // Targeted content (header spec §6): the visitor profile's segments as stored when the page was
    // asked for (UnknownUser on a first visit), the very ones its cookie copy gave the page server
    // for its preloads and reserved rows (site/visitorProfile.ts). A visitor who denied targeting, by
    // choice or GPC, is an UnknownUser whatever is still stored.
    contentHeaders: {
      [SEGMENT_CODES_HEADER]: segmentCodes,
    },
    ...(takeEarly ? { takeEarly } : {}),
  })
  const sources: CmsSources = { siteConfig: 'live', navigation: 'live', headerContent: 'live' }
  const cmsLog = createCmsLog(correlationId)
  const note: typeof cmsLog.note = (n) => {
    if ('source' in n) sources[n.part as keyof CmsSources] = n.source
    cmsLog.note(n)
  }
  const lastGood = openLastGood({
    brand: page.brand,
    lang: page.lang,
    audience: segmentCodes,
    storage: pageLocalStorage(win),
    // Writing is never on the way to the header: it waits until the browser is idle.
    schedule: (write) => {
      whenIdle(write, 3000, win)
    },
    onProblem: (message) => note({ code: 'CMS_STORED_COPY_DROPPED', part: 'storage', message }),
  })
  const deadlineMs = lastGood.has('siteConfig') ? STORED_COPY_WAIT_MS : START_UP_DEADLINE_MS
  const deadline = delay(deadlineMs)
  const headerData = loadHeaderData(http, page.lang, page.cmsTicketId, {
    pathname: page.location.pathname,
    segmentCodes,
    deadline,
    deadlineMs,
    lastGood,
    note,
  })
  const siteCall = startUpCall(loadSiteConfig(http, page.lang), {
    part: 'siteConfig',
    deadline,
    deadlineMs,
    fallback: 'the built-in configuration and labels',
    stored: () => lastGood.read('siteConfig'),
    save: (data) => lastGood.write('siteConfig', data),
    note,
  })
  return { http, siteCall, headerData, sources, cmsLog }
}
