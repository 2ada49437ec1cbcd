import { CMS_PARAGRAPH, HeaderPageResponseSchema, isVisible } from '../../contracts/cms'
import { LOGIN_CONTENT_PAGE, SLOT_LOGIN_PRIMARY_BANNER } from '../../contracts/loginContent'
import type { HttpClient } from '../../kernel/http/createHttpClient'
import { onDemand, type Resource } from '../../kernel/state/resource'
import type { StateStream } from '../../kernel/state/stateStream'

/**
 * The login content page (header spec §4 "login page content" fetch, header spec §7 cms/pages): the login tab's
 * primary banner: the HTML of its visible paragraphs, as the CMS sent it (the banner, loaded with the
 * flyout, sanitises it: the sanitiser stays off the start-up path). Loaded once, when the account button is pointed at or
 * focused, or the flyout opens; a failure is kept until the flyout closes (`reset`, header spec §4's reset to
 * not-loading), so the next opening tries again, while a success serves the page's whole life.
 */
export interface LoginContent {
  readonly state$: StateStream<Resource<readonly string[]>>
  load(): void
  reset(): void
}

export { loginContentRef } from './authRefs'

export function createLoginContent(deps: { http: HttpClient; lang: string }): LoginContent {
  const content = onDemand<readonly string[]>(async () => {
    const r = await deps.http.request({
      path: 'cms/pages',
      query: { lang: deps.lang, pageLabelOrId: LOGIN_CONTENT_PAGE },
      schema: HeaderPageResponseSchema,
    })
    if (!r.ok) return { status: 'error', error: r.error }
    const slot = r.data.contentSlots.contentSlot.find((s) => s.position === SLOT_LOGIN_PRIMARY_BANNER)
    const paragraphs = (slot?.components.component ?? [])
      .filter((c) => c.typeCode === CMS_PARAGRAPH && isVisible(c) && c.content)
      .map((c) => c.content!)
    return { status: 'success', data: paragraphs }
  }, 'cms/pages')
  return {
    state$: content.state$,
    // Once: a failure is not asked again on every hover (the flyout's closing re-arms it).
    load: () => content.load(),
    reset() {
      if (content.state$.value().status === 'error') content.reset()
    },
  }
}
