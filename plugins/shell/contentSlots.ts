import * as v from 'valibot'
import {
  type CmsComponent,
  CmsComponentSchema,
  isForAudience,
  isVisible,
  NavigationSlotResponseSchema,
} from '../../contracts/cms'
import { decodeEach } from '../../contracts/search'
import type { ContentSlots } from '../../contracts/serviceRefs'
import type { HttpClient } from '../../kernel/http/createHttpClient'
import { type Resource, unexpectedError } from '../../kernel/state/resource'
import type { Lang } from '../../site/brand'

const ComponentListSchema = v.object({ component: v.optional(v.array(v.unknown()), []) })

/**
 * Slots fetched by position (header spec §7 content-slot component fetch): the slot's component uids
 * (`cms/content-slots/{position}`), then those components for this audience (`cms/components` with
 * `isLoggedIn`). Each component is decoded on its own (a wrong-shaped one is left out), only visible
 * ones for the audience are kept (the server filters too), and a failure is an error value that the
 * next ask tries again.
 */
export function createContentSlots(http: HttpClient, lang: Lang): ContentSlots {
  const cache = new Map<string, Promise<Resource<CmsComponent[]>>>()
  const settled = new Map<string, CmsComponent[]>()

  async function read(position: string, isLoggedIn: boolean): Promise<Resource<CmsComponent[]>> {
    const slot = await http.request({
      path: `cms/content-slots/${encodeURIComponent(position)}`,
      query: { lang },
      schema: NavigationSlotResponseSchema,
    })
    if (!slot.ok) return { status: 'error', error: slot.error }
    const ids = slot.data.componentUids.componentUidList.filter((id) => /^[\w-]{1,100}$/.test(id))
    if (ids.length === 0) return { status: 'success', data: [] }
    const answer = await http.request({
      path: 'cms/components',
      query: { componentIds: ids.join(','), pageSize: ids.length, lang, isLoggedIn },
      schema: ComponentListSchema,
    })
    if (!answer.ok) return { status: 'error', error: answer.error }
    const components = decodeEach(CmsComponentSchema, answer.data.component).items
    return { status: 'success', data: components.filter((c) => isVisible(c) && isForAudience(c, isLoggedIn)) }
  }

  return {
    components(position, isLoggedIn) {
      const key = `${position}\n${isLoggedIn}`
      let answer = cache.get(key)
      if (!answer) {
        answer = read(position, isLoggedIn).catch(
          (error: unknown): Resource<CmsComponent[]> => ({
            status: 'error',
            error: unexpectedError(error, `cms/content-slots/${position}`),
          }),
        )
        cache.set(key, answer)
        void answer.then((r) => {
          if (r.status === 'error') cache.delete(key)
          if (r.status === 'success') settled.set(key, r.data)
        })
      }
      return answer
    },
    peek: (position, isLoggedIn) => settled.get(`${position}\n${isLoggedIn}`),
  }
}
