import { lazy, type ReactNode, Suspense } from 'react'
import { type ContentSlot, isVisible } from '../../../contracts/cms'
import { headerDataRef } from '../../../contracts/serviceRefs'
import { useService } from '../../../kernel/react/KernelProvider'
import { useStream } from '../../../kernel/react/useStream'
import { dataOf } from '../../../kernel/state/resource'

// The sanitiser (DOMPurify) and renderers load in their own chunk, in parallel with the CMS data.
const loadCmsComponents = () => import('./CmsComponents')
const CmsComponents = lazy(loadCmsComponents)
/** The chunk once it is in: a slot then draws its components in the same render, with no gap. */
let loadedCmsComponents: Awaited<ReturnType<typeof loadCmsComponents>>['default'] | undefined

/**
 * Loads the CMS renderer's chunk ahead of a slot's first render: a row the page server drew goes live
 * only then (host/startHeader.tsx), so its content is never replaced by an empty box while it loads.
 */
export function preloadCmsComponents(): Promise<NonNullable<typeof loadedCmsComponents>> {
  return loadCmsComponents().then((module) => {
    loadedCmsComponents = module.default
    return module.default
  })
}

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
  const Loaded = loadedCmsComponents
  return (
    <CmsSlotBox position={position} className={className}>
      {Loaded ? (
        <Loaded components={components} />
      ) : (
        <Suspense fallback={null}>
          <CmsComponents components={components} />
        </Suspense>
      )}
    </CmsSlotBox>
  )
}

/** A slot's box, the same in the served first view (host/shell/servedRows.tsx) and the live header. */
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
