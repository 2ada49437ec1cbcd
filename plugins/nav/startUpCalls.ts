import {
  ComponentsResponseSchema,
  type NavComponent,
  NavigationSlotResponseSchema,
} from '../../contracts/cms'
import type { HttpClient } from '../../kernel/http/createHttpClient'
import type { HttpResult } from '../../kernel/http/httpError'
import type { Lang } from '../../site/brand'

/*
 * The calls the header's start-up makes for the navigation before this plugin's code is in: the page
 * preloads them, and start-up shows their answer (or the stored copy past its deadline) to every part
 * that reads the navigation (the bar, the phone menu's categories, the support link) through the
 * header data. One of a plugin's public faces (with index.ts and firstView.tsx): host/data imports it
 * statically, so it stays this small.
 */

/**
 * Navigation components in slot order: NavigationBarSlot gives the uids, cms/components the content.
 * Both calls are retried once on any failure (header spec §8), as the site configuration is: a CMS
 * that hung past the 5 s time-out (the page's preload of the slot counts from the page's start) and
 * then answers still gets its navigation into the bar, instead of leaving it for good to what was
 * shown meanwhile.
 */
export async function loadNavigation(http: HttpClient, lang: Lang): Promise<HttpResult<NavComponent[]>> {
  const slot = await http.request({
    path: 'cms/content-slots/NavigationBarSlot',
    query: { lang },
    schema: NavigationSlotResponseSchema,
    retryOnce: true,
  })
  if (!slot.ok) return slot
  const ids = slot.data.componentUids.componentUidList
  if (ids.length === 0) return { ok: true, data: [], status: slot.status }
  const components = await http.request({
    path: 'cms/components',
    query: { componentIds: ids.join(','), pageSize: ids.length, lang },
    schema: ComponentsResponseSchema,
    retryOnce: true,
  })
  if (!components.ok) return components
  const byUid = new Map(components.data.component.map((c) => [c.uid, c]))
  const ordered = ids.flatMap((id) => byUid.get(id) ?? [])
  return { ...components, data: ordered }
}
