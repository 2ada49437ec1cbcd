import { type CSSProperties, type HTMLAttributes, type Ref, useEffect, useMemo } from 'react'
import type { NavComponent } from '../../../contracts/cms'
import { agentSessionRef } from '../../../contracts/serviceRefs'
import { useOptionalService } from '../../../kernel/react/KernelProvider'
import { flyoutId } from '../ids'
import { PromoCard } from './cards/PromoCard'
import styles from './FlyoutPanel.module.css'
import { useFitPanel } from './fitPanel'
import { layoutIdOf } from './hasPanel'
import { BREAKPOINT_LG, recipeFooterCardCount } from './layouts'
import { FooterView, GroupView, NoboBar } from './PanelSections'
import { menuItemsOf } from './panelItems'
import { panelModelOf } from './panelModel'
import { useViewportWidth } from './useViewportWidth'

/** Where the bar places the open panel and the pointer handlers its hover path needs. */
export interface PanelFloating {
  ref?: Ref<HTMLDivElement>
  style?: CSSProperties
  props?: HTMLAttributes<HTMLDivElement>
}

/** The element ids that tie an item's button to its panel (aria-controls). */
export { flyoutId }

/**
 * One top-level item's flyout panel (nav spec §2), drawn under its item while it is open, in the
 * layout its component id chooses (layouts.ts), each card in its mode's look. On phones and
 * tablets it is a full-screen slide-in whose back button names the menu; `closing` is the 0.4 s
 * slide-out after back. Its pictures exist only here, so they load when a panel opens.
 *
 * `focusOnOpen`: the focus goes to its first link as soon as it is drawn (opened from "More", whose
 * list, which held the focus, has closed). Drawn means its code is in: the panel itself does it, so
 * nobody has to wait for it from outside.
 */
export function FlyoutPanel({
  uid,
  name,
  component,
  back,
  closing,
  onBack,
  floating,
  focusOnOpen = false,
}: {
  uid: string
  name: string
  /** The top-level item's CMS component (visibleItems gives it only when it has panel content). */
  component: NavComponent
  back: string
  closing: boolean
  onBack: () => void
  floating?: PanelFloating
  /** Take the focus (its first link) once drawn. */
  focusOnOpen?: boolean
}) {
  const model = useMemo(() => panelModelOf(layoutIdOf(component), menuItemsOf(component)), [component])
  // NOBO links are for an agent acting for a shopper (nav spec §6); the auth plugin knows, if it runs.
  const agentSession = useOptionalService(agentSessionRef)
  const recipe = model?.layout === 'recipe'
  const width = useViewportWidth(recipe)
  useEffect(() => {
    if (focusOnOpen) document.getElementById(flyoutId(uid))?.querySelector<HTMLElement>('a[href]')?.focus()
  }, [focusOnOpen, uid])
  // Fewer cards rather than a panel taller than the window (navigation spec §2, a laptop's window).
  useFitPanel(flyoutId(uid))
  if (!model) return null

  const agent = model.nobo.length > 0 && agentSession?.() === true
  // The recipe's footer: its cards by width, and inside the body on desktop (nav spec §2).
  const footer =
    model.footer && recipe
      ? {
          ...model.footer,
          cards: model.footer.cards.slice(0, recipeFooterCardCount(width, model.footer.cards.length)),
        }
      : model.footer
  const footerInBody = recipe && width >= BREAKPOINT_LG
  const shownFooter = footer && footer.cards.length + footer.links.length > 0 ? footer : undefined

  return (
    <div
      {...floating?.props}
      ref={floating?.ref}
      style={floating?.style}
      id={flyoutId(uid)}
      className={styles.panel}
      data-side={model.side}
      data-layout={model.layout}
      data-closing={closing || undefined}
    >
      {/* Phones and tablets: the panel fills the screen, and this leads back to the bar (nav spec §2). */}
      <button type="button" className={styles.back} onClick={onBack}>
        <span className={styles.visuallyHidden}>{back} </span>
        {name}
      </button>
      <div className={styles.columns} data-sidebar={model.sideBar.length > 0 || undefined}>
        <div className={styles.body} data-part="body">
          {agent && <NoboBar links={model.nobo} />}
          {model.body.length > 0 && (
            <div className={styles.groups}>
              {model.body.map((group) => (
                <GroupView key={group.uid} group={group} section="body" />
              ))}
            </div>
          )}
          {shownFooter && footerInBody && <FooterView footer={shownFooter} inBody />}
        </div>
        {model.sideBar.length > 0 && (
          <div className={styles.sideBar} data-part="sidebar">
            {model.sideBar.map((group) => (
              <GroupView key={group.uid} group={group} section="sideBar" />
            ))}
          </div>
        )}
      </div>
      {model.promo && (
        <div className={styles.fullPromo} data-part="promo">
          <PromoCard card={model.promo} wide />
        </div>
      )}
      {shownFooter && !footerInBody && <FooterView footer={shownFooter} />}
    </div>
  )
}

export default FlyoutPanel
