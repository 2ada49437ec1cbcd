import { StrictMode, useLayoutEffect, useSyncExternalStore } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import type { Kernel } from '../../kernel/kernel'
import { PAGE_SLOT_NAMES, type PageSlotName } from '../../kernel/plugin/slots'
import { KernelProvider } from '../../kernel/react/KernelProvider'
import { Slot } from '../../kernel/react/Slot'
import type { Brand, Lang } from '../../site/brand'
import styles from '../../site/headerLayout.module.css'

/** The attribute that marks a page slot's mount point on the host page (`footer.newsletter`). */
export const PAGE_SLOT_ATTRIBUTE = 'data-one-header-slot'

/**
 * Mounts a root of its own for each page slot the host page has a place for (the footer's
 * newsletter), beside the header's: the same kernel, so its plugins' contributions fill it
 * like any slot, under the brand's theme. Only wiring: what fills it is the plugins'. Returns the
 * roots, to unmount with the header.
 */
export function renderPageSlots(doc: Document, kernel: Kernel, page: { brand: Brand; lang: Lang }): Root[] {
  const roots: Root[] = []
  for (const name of PAGE_SLOT_NAMES) {
    const mount = doc.querySelector<HTMLElement>(`[${PAGE_SLOT_ATTRIBUTE}="${name}"]`)
    if (!mount) continue
    const root = createRoot(mount)
    root.render(<PageSlot kernel={kernel} name={name} mount={mount} {...page} />)
    roots.push(root)
  }
  return roots
}

/**
 * The page reserves each slot's room before the header runs (the reference pages: the newsletter's
 * height). When no plugin fills the slot (its plugin is switched off for the brand, by the page or
 * by site configuration), that room is given back rather than left as an empty block; a plugin still
 * on its way keeps it. Inline, so no host page needs a rule of its own for it.
 */
function useRoomOnlyWhenFilled(kernel: Kernel, name: PageSlotName, mount: HTMLElement) {
  const filled = useSyncExternalStore(kernel.plugins.subscribe, () =>
    Boolean(kernel.plugins.slots.get(name)?.length || kernel.plugins.reserved(name)),
  )
  useLayoutEffect(() => {
    mount.style.minHeight = filled ? '' : '0'
  }, [filled, mount])
}

function PageSlot({
  kernel,
  name,
  mount,
  brand,
  lang,
}: {
  kernel: Kernel
  name: PageSlotName
  mount: HTMLElement
  brand: Brand
  lang: Lang
}) {
  useRoomOnlyWhenFilled(kernel, name, mount)
  return (
    <StrictMode>
      <KernelProvider kernel={kernel}>
        {/* The shell root's class carries the brand's colours and type, as in the header. */}
        <div className={styles.root} data-brand={brand} data-lang={lang} data-page-slot={name}>
          <Slot name={name} />
        </div>
      </KernelProvider>
    </StrictMode>
  )
}
