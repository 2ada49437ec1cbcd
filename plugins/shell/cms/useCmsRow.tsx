import { type ComponentType, useEffect, useState } from 'react'
import type { CmsComponent, HeaderPageResponse } from '../../../contracts/cms'
import { isVisible } from '../../../contracts/cmsNames'
import type { Resource } from '../../../contracts/resource'
import { SERVED_CMS_HTML, SERVED_SHELL_ROWS, type ServedShellRows } from '../../../contracts/servedState'
import { headerDataRef } from '../../../contracts/serviceRefs'
import { useServed, useServiceHandle } from '../../../kernel/react/KernelProvider'
import { unchanging, useStream } from '../../../kernel/react/useStream'
import { preloadCmsComponents } from './CmsSlot'

/**
 * What a CMS row of the shell (the global notification, the promotion) shows now:
 * - `live`: the header content's live answer, drawn by the CMS renderer (sanitised paragraphs that run
 *   their allowed scripts and offer their whole text), once both are in;
 * - `served`: until then, the content the page server drew, kept exactly as it is in the page
 *   (`html` is that HTML on the page server, undefined in the browser, which keeps what is there);
 * - `reserved`: no content yet, and the page reserved the row: an empty row at its height;
 * - `none`: nothing there.
 */
export type CmsRow =
  | { kind: 'live'; components: readonly CmsComponent[]; Renderer: CmsRenderer }
  | { kind: 'served'; html: string | undefined }
  | { kind: 'reserved' }
  | { kind: 'none' }

type CmsRenderer = ComponentType<{ components: readonly CmsComponent[] }>

const LOADING = unchanging<Resource<HeaderPageResponse>>({ status: 'loading' })

/**
 * The row at `position` (a content slot's), drawn once: the page server renders it with the content
 * it loaded, the browser hydrates that HTML without the sanitiser or the header data, and the row
 * turns to the live content when the kernel's header data and the renderer's chunk are in. Served
 * content stays if the live answer fails: it is what the page server read a moment ago.
 */
export function useCmsRow(position: string, reserved: boolean): CmsRow {
  const served = useServed<ServedShellRows>(SERVED_SHELL_ROWS)?.cms.includes(position) ?? false
  const html = useServed<Readonly<Record<string, string>>>(SERVED_CMS_HTML)?.[position]
  const headerData = useServiceHandle(headerDataRef)
  const page = useStream<Resource<HeaderPageResponse>>(headerData?.page$ ?? LOADING, { status: 'loading' })
  const Renderer = useCmsRenderer(headerData !== undefined)
  const live =
    page.status === 'success'
      ? (page.data.contentSlots.contentSlot
          .find((s) => s.position === position)
          ?.components.component.filter(isVisible) ?? [])
      : undefined
  if (live && Renderer)
    return live.length > 0 ? { kind: 'live', components: live, Renderer } : { kind: 'none' }
  if (served) return { kind: 'served', html }
  // Content on its way (the answer, or the renderer for it): the reserved row keeps its place.
  const coming = page.status === 'loading' || (live !== undefined && live.length > 0)
  return reserved && coming ? { kind: 'reserved' } : { kind: 'none' }
}

/** The renderer once its chunk (with the sanitiser) is in; asked for only once `wanted`. */
function useCmsRenderer(wanted: boolean): CmsRenderer | undefined {
  const [Renderer, setRenderer] = useState<{ current: CmsRenderer } | undefined>()
  useEffect(() => {
    if (!wanted) return
    let gone = false
    void preloadCmsComponents().then(
      (loaded) => {
        if (!gone) setRenderer({ current: loaded })
      },
      // Its chunk failed: the row keeps what was served, as it does when the content fails.
      (error: unknown) => console.warn('[one-header] the CMS renderer did not load:', error),
    )
    return () => {
      gone = true
    }
  }, [wanted])
  return Renderer?.current
}

/** Keeps whatever HTML the element holds: React sets `innerHTML` only when this object changes. */
const KEEP_HTML = { __html: '' }

/**
 * The box's inner HTML for a served row: the page server's sanitised HTML on the server; in the
 * browser, what the page holds (hydration leaves an element with inner HTML as it is, and the box
 * says so with `suppressHydrationWarning`).
 */
export const servedHtml = (html: string | undefined) => (html === undefined ? KEEP_HTML : { __html: html })
