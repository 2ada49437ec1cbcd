import { atMost } from '../mount/delay'
import { preloadCmsComponents } from './cms/CmsSlot'
import { type PartName, partElement } from './ShellFrame'

/**
 * What a shell row the page server drew (host/shell/servedRows.tsx) waits for before going live, so
 * its live twin draws the same at once: the notification and promotion rows, the header content's
 * live answer and the CMS renderer's chunk; the utility row, the navigation's (the support link's
 * caption). Past `atMostMs` a row goes live anyway. Nothing for a row drawn empty. Apart from
 * servedRows.tsx, which the page server runs: this is start-up's, and must not bring the sanitiser.
 */
export function servedRowData(
  view: HTMLElement,
  part: PartName,
  headerData: { pageLive: Promise<void>; navigationLive: Promise<void> },
  atMostMs: number,
): Promise<unknown> | undefined {
  const box = partElement(view, part)
  if (!box?.hasChildNodes()) return undefined
  const cms = box.querySelector('[data-cms-slot]')
  const wanted =
    part === 'shell.utility'
      ? headerData.navigationLive
      : cms
        ? Promise.all([headerData.pageLive, preloadCmsComponents()])
        : undefined
  return wanted && atMost(wanted, atMostMs)
}
