import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react'
import { useService } from '../../../kernel/react/KernelProvider'
import { headerContextRef } from '../../../kernel/services/kernelRefs'
import { markInteraction } from '../../../kernel/telemetry/spans'
import styles from '../shell.module.css'
import { shellOptionsRef } from '../shellOptions'

// The popover and its positioning library load on first use, off the critical path.
const TermsPopover = lazy(() => import('./TermsPopover'))

/** Free-shipping message with a terms popover (usb2c only; header spec §1, §5). */
export function FreeShipping() {
  const { labels } = useService(headerContextRef)
  const { freeShipping } = useService(shellOptionsRef)
  const [open, setOpen] = useState(false)
  const [requested, setRequested] = useState(false)
  const anchor = useRef<HTMLButtonElement>(null)
  const popoverId = useId()
  // Warm the chunk on hover or focus so the first click opens at once.
  const warm = () => setRequested(true)
  useEffect(() => {
    if (open) setRequested(true)
  }, [open])
  if (!freeShipping) return null
  return (
    <div className={styles.freeShipping}>
      <span>{labels['header.free.shipping.message']}</span>
      <button
        ref={anchor}
        type="button"
        className={styles.textButton}
        aria-expanded={open}
        aria-controls={open ? popoverId : undefined}
        aria-haspopup="dialog"
        onPointerEnter={warm}
        onFocus={warm}
        onClick={() => {
          if (!open) markInteraction('freeShipping.terms.open')
          setOpen(!open)
        }}
      >
        {labels['header.free.shipping.terms.link']}
      </button>
      {requested && (
        <Suspense fallback={null}>
          <TermsPopover id={popoverId} anchor={anchor} open={open} onOpenChange={setOpen} labels={labels} />
        </Suspense>
      )}
    </div>
  )
}
