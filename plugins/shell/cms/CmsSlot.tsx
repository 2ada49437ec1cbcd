import type { ReactNode } from 'react'
import type CmsComponents from './CmsComponents'

/** The CMS renderer (with the sanitiser, DOMPurify), in a chunk of its own. */
const loadCmsComponents = () => import('./CmsComponents')

/**
 * Loads the CMS renderer's chunk: a CMS row turns from the page server's HTML to the live content
 * only once it is in (useCmsRow.tsx), so its content is never replaced by an empty box
 * while it loads. Not before the kernel: the sanitiser stays off the way to a live row.
 */
export function preloadCmsComponents(): Promise<typeof CmsComponents> {
  return loadCmsComponents().then((module) => module.default)
}

/** A content slot's box, the same in the page server's HTML of a row and in the live row. */
export function CmsSlotBox({
  position,
  className,
  children,
}: {
  position: string
  className?: string
  children: ReactNode
}) {
  return (
    <div className={className} data-cms-slot={position}>
      {children}
    </div>
  )
}
