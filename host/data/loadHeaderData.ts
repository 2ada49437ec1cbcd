import {
  ComponentsResponseSchema,
  HeaderPageResponseSchema,
  type NavComponent,
  NavigationSlotResponseSchema,
  SiteConfigResponseSchema,
} from '../../contracts/cms'
import { type Labels, labelsFrom } from '../../contracts/labels'
import { parseSiteConfig, type SiteConfig } from '../../contracts/siteConfig'
import type { HttpClient } from '../../kernel/http/createHttpClient'
import type { HttpResult } from '../../kernel/http/httpError'
import type { HeaderData } from '../../kernel/services/kernelRefs'
import { resourceOf } from '../../kernel/state/resource'
import type { Lang } from '../../site/brand'

/**
 * Site configuration and labels (header spec §7: cms/siteConfig with pageLabelOrId=NAVIGATIONHEADER).
 * On failure the header still renders with defaults and fallback labels; the failure is returned so
 * the caller logs it.
 */
export async function loadSiteConfig(
  http: HttpClient,
  lang: Lang,
): Promise<{ siteConfig: SiteConfig; labels: Labels; loaded: boolean; error?: string }> {
  const result = await http.request({
    path: 'cms/siteConfig',
    query: { lang, pageLabelOrId: 'NAVIGATIONHEADER' },
    schema: SiteConfigResponseSchema,
    retryOnce: true,
  })
  if (!result.ok)
    return {
      siteConfig: parseSiteConfig([]),
      labels: labelsFrom([]),
      loaded: false,
      error: result.error.message,
    }
  return {
    siteConfig: parseSiteConfig(result.data.siteConfigurations.entry),
    labels: labelsFrom(result.data.messageItems.entry),
    loaded: true,
  }
}

/** Navigation components in slot order: NavigationBarSlot gives the uids, cms/components the content. */
async function loadNavigation(http: HttpClient, lang: Lang): Promise<HttpResult<NavComponent[]>> {
  const slot = await http.request({
    path: 'cms/content-slots/NavigationBarSlot',
    query: { lang },
    schema: NavigationSlotResponseSchema,
  })
  if (!slot.ok) return slot
  const ids = slot.data.componentUids.componentUidList
  if (ids.length === 0) return { ok: true, data: [], status: slot.status }
  const components = await http.request({
    path: 'cms/components',
    query: { componentIds: ids.join(','), pageSize: ids.length, lang },
    schema: ComponentsResponseSchema,
  })
  if (!components.ok) return components
  const byUid = new Map(components.data.component.map((c) => [c.uid, c]))
  const ordered = ids.flatMap((id) => byUid.get(id) ?? [])
  return { ...components, data: ordered }
}

/** Starts the header's CMS fetches; each is a Resource stream that never throws. */
export function loadHeaderData(http: HttpClient, lang: Lang, cmsTicketId?: string): HeaderData {
  return {
    page$: resourceOf(() =>
      http.request({
        path: 'cms/pages',
        query: { lang, pageLabelOrId: 'oneHeader', ...(cmsTicketId ? { cmsTicketId } : {}) },
        schema: HeaderPageResponseSchema,
      }),
    ),
    navigation$: resourceOf(() => loadNavigation(http, lang)),
  }
}
