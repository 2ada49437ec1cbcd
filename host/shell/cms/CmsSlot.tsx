import { lazy, Suspense } from 'react'
import { type ContentSlot, isVisible } from '../../../contracts/cms'
import { headerDataRef } from '../../../contracts/serviceRefs'
import { useService } from '../../../kernel/react/KernelProvider'
import { useStream } from '../../../kernel/react/useStream'
import { dataOf } from '../../../kernel/state/resource'

// The sanitiser (DOMPurify) and renderers load in their own chunk, in parallel with the CMS data.
const CmsComponents = lazy(() => import('./CmsComponents'))

/** The CMS slot at `position` from the header page data, or null when the CMS has nothing there. */
export function useContentSlot(position: string): ContentSlot | undefined {
  const page = useStream(useService(headerDataRef).page$, { status: 'loading' })
  return dataOf(page)?.contentSlots.contentSlot.find((s) => s.position === position)
}

/** Renders the visible components of one CMS content slot of the header. */
export function CmsSlot({ position, className }: { position: string; className?: string }) {
  const slot = useContentSlot(position)
  const components = slot?.components.component.filter(isVisible) ?? []
  if (components.length === 0) return null
  return (
    <div className={className} data-cms-slot={position}>
      <Suspense fallback={null}>
        <CmsComponents components={components} />
      </Suspense>
    </div>
  )
}
