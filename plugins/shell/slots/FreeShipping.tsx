import {
  type ButtonHTMLAttributes,
  lazy,
  type ReactNode,
  type Ref,
  Suspense,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react'
import type { Labels } from '../../../contracts/labels'
import { useService } from '../../../kernel/react/KernelProvider'
import { usePluginOptions } from '../../../kernel/react/PluginBoundary'
import { useHydrated } from '../../../kernel/react/useHydrated'
import { headerContextRef } from '../../../kernel/services/kernelRefs'
import { markInteraction } from '../../../kernel/telemetry/spans'
import { liveReplay, pendingReplay } from '../../../site/pressRecorder'
import type { ShellOptions } from '../shellOptions'
import styles from './shell.module.css'

// The popover and its positioning library load on first use, off the critical path.
const TermsPopover = lazy(() => import('./TermsPopover'))

/**
 * Free-shipping message with a terms popover (usb2c only; header spec §1, §5). Drawn once: live as
 * soon as it is hydrated, since the popover needs nothing of the kernel; a press on the served button
 * is kept until then.
 */
export function FreeShipping() {
  const { labels } = useService(headerContextRef)
  const { freeShipping } = usePluginOptions<ShellOptions>()
  const hydrated = useHydrated()
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
    <FreeShippingView
      labels={labels}
      served={!hydrated}
      button={{
        ref: anchor,
        'aria-expanded': open,
        'aria-controls': open ? popoverId : undefined,
        onPointerEnter: warm,
        onFocus: warm,
        onClick: () => {
          if (!open) markInteraction('freeShipping.terms.open')
          setOpen(!open)
        },
      }}
    >
      {requested && (
        <Suspense fallback={null}>
          <TermsPopover id={popoverId} anchor={anchor} open={open} onOpenChange={setOpen} labels={labels} />
        </Suspense>
      )}
    </FreeShippingView>
  )
}

/** The replay key of the terms button: a press on the served one opens the live one's popover. */
export const TERMS_REPLAY_KEY = 'freeShipping:terms'

/**
 * The message and its terms button, the same in the served first view (`served`: a press on the
 * button is kept by the page's press recorder for the live one) and the live header.
 */
export function FreeShippingView({
  labels,
  served = false,
  button,
  children,
}: {
  labels: Labels
  served?: boolean
  button?: ButtonHTMLAttributes<HTMLButtonElement> & { ref?: Ref<HTMLButtonElement> }
  children?: ReactNode
}) {
  return (
    <div className={styles.freeShipping}>
      <span>{labels['header.free.shipping.message']}</span>
      <button
        type="button"
        className={styles.textButton}
        aria-expanded={false}
        aria-haspopup="dialog"
        {...button}
        {...(served ? pendingReplay(TERMS_REPLAY_KEY) : liveReplay(TERMS_REPLAY_KEY))}
      >
        {labels['header.free.shipping.terms.link']}
      </button>
      {children}
    </div>
  )
}
