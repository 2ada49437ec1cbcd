import { BehaviorSubject } from 'rxjs'
import { CMS_PARAGRAPH, HeaderPageResponseSchema } from '../../contracts/cms'
import { LOGIN_CONTENT_PAGE, SLOT_LOGIN_PRIMARY_BANNER } from '../../contracts/loginContent'
import type { HttpClient } from '../../kernel/http/createHttpClient'
import { createServiceRef } from '../../kernel/services/serviceRef'
import { type Resource, unexpectedError } from '../../kernel/state/resource'
import { type StateStream, stateStream } from '../../kernel/state/stateStream'

/**
 * The login content page (header spec §4 "login page content" fetch, §7 cms/pages): the login tab's
 * primary banner: the HTML of its visible paragraphs, as the CMS sent it (the banner, loaded with the
 * flyout, sanitises it: the sanitiser stays off the start-up path). Loaded once, when the account button is pointed at or
 * focused, or the flyout opens; a failure is kept until the flyout closes (`reset`, §4's reset to
 * not-loading), so the next opening tries again, while a success serves the page's whole life.
 */
export interface LoginContent {
  readonly state$: StateStream<Resource<readonly string[]>>
  load(): void
  reset(): void
}

export const loginContentRef = createServiceRef<LoginContent>('auth.loginContent')

export function createLoginContent(deps: { http: HttpClient; lang: string }): LoginContent {
  const state = new BehaviorSubject<Resource<readonly string[]>>({ status: 'idle' })
  return {
    state$: stateStream(state),
    load() {
      // Only from idle: a failure is not asked again on every hover (the flyout's closing re-arms it).
      if (state.getValue().status !== 'idle') return
      state.next({ status: 'loading' })
      deps.http
        .request({
          path: 'cms/pages',
          query: { lang: deps.lang, pageLabelOrId: LOGIN_CONTENT_PAGE },
          schema: HeaderPageResponseSchema,
        })
        .then(
          (r) => {
            if (!r.ok) return state.next({ status: 'error', error: r.error })
            const slot = r.data.contentSlots.contentSlot.find((s) => s.position === SLOT_LOGIN_PRIMARY_BANNER)
            const paragraphs = (slot?.components.component ?? [])
              .filter((c) => c.typeCode === CMS_PARAGRAPH && c.visible !== 'false' && c.content)
              .map((c) => c.content!)
            state.next({ status: 'success', data: paragraphs })
          },
          (error: unknown) => state.next({ status: 'error', error: unexpectedError(error, 'cms/pages') }),
        )
    },
    reset() {
      if (state.getValue().status === 'error') state.next({ status: 'idle' })
    },
  }
}
