import type { KeyboardEvent } from 'react'
import { useRef } from 'react'
import { useService } from '../../../kernel/react/KernelProvider'
import { Slot } from '../../../kernel/react/Slot'
import { headerContextRef } from '../../../kernel/services/kernelRefs'
import { AccountBanner } from './AccountBanner'
import { AccountLinkList, useAccountEntries } from './AccountLinks'
import { AgentLine } from './AgentLine'
import styles from './auth.module.css'
import { type PanelCloseReason, useAnchoredPanel } from './useAnchoredPanel'

interface Props {
  id: string
  anchor: HTMLElement | null
  onClose: (reason: PanelCloseReason) => void
}

/**
 * The signed-in account menu (nav spec §2 "Account sub-menu"): WAI-ARIA disclosure navigation, a
 * Close button and a list of links (the brand's entries, Support, Sign out). Focus stays on the menu
 * button when it opens; the loyalty plugin fills the nested slot `header.account.loyalty`; Tab from the last link wraps to Close and Shift+Tab from Close wraps to the
 * last link; Escape closes and returns focus to the menu button.
 */
/** The last element Tab can reach inside `root` (drawn, not disabled). */
function lastFocusable(root: HTMLElement): HTMLElement | null {
  const all = root.querySelectorAll<HTMLElement>(
    'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])',
  )
  for (let i = all.length - 1; i >= 0; i--) if (all[i]!.getClientRects().length > 0) return all[i]!
  return null
}

export default function AccountMenu({ id, anchor, onClose }: Props) {
  const { labels } = useService(headerContextRef)
  const entries = useAccountEntries()
  const panel = useAnchoredPanel(anchor, onClose)
  const closeRef = useRef<HTMLButtonElement | null>(null)
  const lastRef = useRef<(HTMLAnchorElement & HTMLButtonElement) | null>(null)

  const wrapTab = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'Tab') return
    // The last thing Tab reaches: the loyalty card's button when it follows the links, else Sign out.
    const last = lastFocusable(e.currentTarget) ?? lastRef.current
    if (!e.shiftKey && e.target === last) {
      e.preventDefault()
      closeRef.current?.focus()
    } else if (e.shiftKey && e.target === closeRef.current) {
      e.preventDefault()
      last?.focus()
    }
  }

  return (
    <div
      {...panel.getFloatingProps({ ref: panel.refs.setFloating, onKeyDown: wrapTab })}
      id={id}
      className={`${styles.panel} ${styles.menu}`}
      style={panel.style}
    >
      <nav aria-label={labels['header.account.menu.label']}>
        <div className={styles.menuHead}>
          <button
            ref={closeRef}
            type="button"
            className={styles.linkButton}
            onClick={() => onClose('close-button')}
          >
            {labels['header.menu.close']}
          </button>
        </div>
        <AgentLine />
        {/* The entries first: Sign out is in view as the menu opens (beside the extras from 992 px,
            above them on phones), however long the banner and the loyalty card are. */}
        <div className={styles.menuColumns}>
          <AccountLinkList entries={entries} lastRef={lastRef} onChosen={() => onClose('navigate')} />
          <div className={styles.menuExtras}>
            <AccountBanner signedIn />
            {/* The loyalty plugin's member panel or opt-in form, where the brand shows it there. */}
            <Slot name="header.account.loyalty" />
          </div>
        </div>
      </nav>
    </div>
  )
}
