import type { Brand, Lang } from '../../site/brand'
import { HEADER_CMS_RENDERER, HEADER_HYDRATION, type HeaderBundle } from './headerBundle'

/**
 * What the header will ask for first, announced in the page head so the browser fetches it while
 * the header script downloads: the three CMS calls of start-up (same URLs, same query order as the
 * header's client) and the code of the brand's enabled plugins with what they import. A plugin switched off in the site
 * configuration is not preloaded, so its chunk is still never requested.
 */
export function preloadHints(
  bundle: HeaderBundle | undefined,
  {
    brand,
    lang,
    disabledPlugins,
    navigationUids = [],
    headerPage,
    cmsRows = false,
    servedParts = false,
  }: {
    brand: Brand
    lang: Lang
    /** The home or search page's own CMS page (contracts/pageHeaderContent.ts), asked beside oneHeader. */
    headerPage?: string | undefined
    disabledPlugins: readonly string[]
    /** The NavigationBarSlot's component uids, in order: the header's second navigation call asks for them. */
    navigationUids?: readonly string[]
    /** Whether the header shows CMS rows (the notification, the promotion): their renderer's code is fetched too. */
    cmsRows?: boolean
    /**
     * Whether the page carries the page server's first view, whose parts the browser hydrates: the
     * hydration and the plugins' first views (their parts' code) come first, before their plugins'.
     */
    servedParts?: boolean
  },
): { fetches: string[]; modules: string[] } {
  const rest = `/rest/v2/${brand}/cms`
  const fetches = [
    `${rest}/siteConfig?lang=${lang}&pageLabelOrId=NAVIGATIONHEADER`,
    `${rest}/pages?lang=${lang}&pageLabelOrId=oneHeader`,
    `${rest}/content-slots/NavigationBarSlot?lang=${lang}`,
  ]
  if (headerPage && /^[\w-]+$/.test(headerPage))
    fetches.push(`${rest}/pages?lang=${lang}&pageLabelOrId=${headerPage}`)
  // The navigation's components are asked for only once the slot's answer is read: announcing that
  // second call too (with the uids the slot will answer) takes a round trip off the whole header.
  // Uids are CMS ids (letters, digits, _ and -); anything else is left to the header's own call.
  if (navigationUids.length > 0 && navigationUids.every((uid) => /^[\w-]+$/.test(uid)))
    fetches.push(
      `${rest}/components?componentIds=${navigationUids.join(',')}&pageSize=${navigationUids.length}&lang=${lang}`,
    )
  // A plugin chunk with its own imports (shared rxjs or valibot chunks), or the browser only finds
  // those once the plugin is evaluated: a second round trip before the shell can render.
  // The entry itself is never among them: a low-priority preload of it would lower the priority of
  // the entry's own request, the one the first paint waits for.
  const already = new Set([bundle?.script ?? '', ...(bundle?.preload ?? []), ...(bundle?.later ?? [])])
  const running = (bundle?.brandPlugins[brand] ?? []).filter((id) => !disabledPlugins.includes(id))
  const modules = [
    ...(servedParts
      ? [
          ...(bundle?.chunks[HEADER_HYDRATION] ?? []),
          ...running.flatMap((id) => bundle?.chunks[`plugins/${id}/firstView.tsx`] ?? []),
        ]
      : []),
    ...running.flatMap((id) => bundle?.chunks[`plugins/${id}/index.ts`] ?? []),
    ...((cmsRows && bundle?.chunks[HEADER_CMS_RENDERER]) || []),
  ].filter((file, i, all) => !already.has(file) && all.indexOf(file) === i)
  return { fetches, modules }
}
