import * as v from 'valibot'
import type { ShopperSession } from '../../contracts/serviceRefs'
import { TEALIUM_TAGS_PATH, type TealiumTags, TealiumTagsSchema } from '../../contracts/tealiumTags'
import type { HttpClient } from '../../kernel/http/createHttpClient'
import type { PluginLog } from '../../kernel/logging/pluginLog'

/** Where a tab keeps the signed-in customer's tags, so each page does not ask again. */
export const CUSTOMER_TAGS_KEY = 'oneHeader.customerTags'
/** How long a page view waits for the customer's tags before it goes without them. */
export const CUSTOMER_TAGS_WAIT_MS = 2000
/**
 * How long the tab's copy is used. A change this plugin hears of (sign-in, sign-out, opt-in) drops
 * it at once, one raised before its code started included (the kernel hands its handlers those);
 * one made where the header does not hear it (the store's own account pages) is why the copy also
 * runs out.
 */
export const CUSTOMER_TAGS_KEEP_MS = 30 * 60_000

const StoredSchema = v.object({ customerId: v.string(), at: v.number(), tags: TealiumTagsSchema })

export interface CustomerTags {
  /**
   * The customer fields for this page's payloads (header spec §7 getTealiumTags): none for a visitor
   * or an agent's session; the tab's kept copy for the same customer; otherwise one call, waited for
   * at most `CUSTOMER_TAGS_WAIT_MS`. Never rejects: a failed or wrong-shaped answer is logged and
   * the page goes without them.
   */
  forPage(session: ShopperSession): Promise<TealiumTags | undefined>
  /** Forgets the kept copy (the customer opted in, signed in or out): the next page asks again. */
  forget(): void
}

export function createCustomerTags(deps: {
  http: Pick<HttpClient, 'request'>
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | undefined
  log: PluginLog
  waitMs?: number
  now?: () => number
}): CustomerTags {
  const { storage, log } = deps
  const now = deps.now ?? Date.now
  const kept = (customerId: string): TealiumTags | undefined => {
    try {
      const parsed = v.safeParse(StoredSchema, JSON.parse(storage?.getItem(CUSTOMER_TAGS_KEY) ?? 'null'))
      const fresh = parsed.success && now() - parsed.output.at < CUSTOMER_TAGS_KEEP_MS
      return fresh && parsed.output.customerId === customerId ? parsed.output.tags : undefined
    } catch {
      return undefined
    }
  }
  const keep = (customerId: string, tags: TealiumTags) => {
    try {
      storage?.setItem(CUSTOMER_TAGS_KEY, JSON.stringify({ customerId, at: now(), tags }))
    } catch {
      // Blocked or full storage: the next page asks again.
    }
  }
  const ask = async (customerId: string): Promise<TealiumTags | undefined> => {
    const r = await deps.http.request({
      method: 'POST',
      path: TEALIUM_TAGS_PATH,
      body: {},
      bearer: true,
      refreshOn401: true,
      schema: TealiumTagsSchema,
    })
    if (r.ok) {
      keep(customerId, r.data)
      return r.data
    }
    log('CUSTOMER_TAGS_FAILED', `the page view goes without customer fields: ${r.error.message}`, {
      httpError: r.error,
      logCategory: 'LOW',
    })
    return undefined
  }
  return {
    async forPage(session) {
      if (session.status !== 'signedIn' || session.agent !== null) return undefined
      const copy = kept(session.customerId)
      if (copy) return copy
      let timer: ReturnType<typeof setTimeout> | undefined
      const late = new Promise<undefined>((resolve) => {
        timer = setTimeout(() => {
          log(
            'CUSTOMER_TAGS_LATE',
            'getTealiumTags took too long: the page view goes without customer fields',
            {
              logType: 'INFO',
              logCategory: 'LOW',
            },
          )
          resolve(undefined)
        }, deps.waitMs ?? CUSTOMER_TAGS_WAIT_MS)
      })
      try {
        return await Promise.race([ask(session.customerId), late])
      } finally {
        clearTimeout(timer)
      }
    },
    forget() {
      try {
        storage?.removeItem(CUSTOMER_TAGS_KEY)
      } catch {
        // Nothing kept that could be read either.
      }
    },
  }
}
