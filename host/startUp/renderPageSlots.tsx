import { StrictMode } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import type { Kernel } from '../../kernel/kernel'
import { PAGE_SLOT_NAMES, type PageSlotName } from '../../kernel/plugin/slots'
import { KernelProvider } from '../../kernel/react/KernelProvider'
import { Slot } from '../../kernel/react/Slot'
import type { Brand, Lang } from '../../site/brand'
import styles from '../shell/shell.module.css'

/** The attribute that marks a page slot's mount point on the host page (`footer.newsletter`). */
export const PAGE_SLOT_ATTRIBUTE = 'data-one-header-slot'

/**
 * Mounts a root of its own for each page slot the host page has a place for (the footer's
 * newsletter, issue 25), beside the header's: the same kernel, so its plugins' contributions fill it
 * like any slot, under the brand's theme. Only wiring: what fills it is the plugins'. Returns the
 * roots, to unmount with the header.
 */
export function renderPageSlots(doc: Document, kernel: Kernel, page: { brand: Brand; lang: Lang }): Root[] {
  const roots: Root[] = []
  for (const name of PAGE_SLOT_NAMES) {
    const mount = doc.querySelector<HTMLElement>(`[${PAGE_SLOT_ATTRIBUTE}="${name}"]`)
    if (!mount) continue
    const root = createRoot(mount)
    root.render(<PageSlot kernel={kernel} name={name} {...page} />)
    roots.push(root)
  }
  return roots
}

function PageSlot({
  kernel,
  name,
  brand,
  lang,
}: {
  kernel: Kernel
  name: PageSlotName
  brand: Brand
  lang: Lang
}) {
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
