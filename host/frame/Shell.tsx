import type { CSSProperties, ReactNode } from 'react'
import type { SlotComponent, SlotName } from '../../kernel/plugin/slots'
import { useKernel, useService } from '../../kernel/react/KernelProvider'
import { PluginBoundary } from '../../kernel/react/PluginBoundary'
import { Slot } from '../../kernel/react/Slot'
import { headerContextRef } from '../../kernel/services/kernelRefs'
import { shellOptionsRef } from '../../plugins/shell'
import { shellFirstView } from '../../plugins/shell/firstView'
import styles from '../../site/headerLayout.module.css'
import { isBrewerRegistration, isHomePath, routeBackground } from '../../site/routeStyle'
import { HeaderRows, Part, type PartName, type ShellRowName } from './ShellFrame'
import { useHeaderScroll } from './useHeaderScroll'

/**
 * What the shell's frame keeps for the page's life. (The rows the host page reserved, `data-rows`,
 * reach the rows themselves through the header context's `reservedRows`.)
 */
export interface ReservedRows {
  /**
   * The labels were not the CMS's live answer when the shell first rendered (a slow CMS: a stored
   * copy or the defaults): the account control then keeps a fixed width for the page's life, so the
   * answer's label ("Log In" → "Sign In") moves nothing. Otherwise it is as wide as its label, which
   * the page server's first view drew the same.
   */
  labelsHeld?: boolean
  /** The page reserved the signed-in customer's site-notice row (the auth plugin fills it). */
  siteNotice?: boolean
}

/**
 * The header shell: a named slot for every area of header spec §1. The shell's own rows draw its
 * controls (language, support, free shipping, notification), and the logo and cart come through
 * their slots from the shell plugin, so a brand or page plugin can add beside each. While the header
 * content is still loading (a slow CMS: start-up no longer waits for it past its deadline), the rows
 * the page reserved for it stay empty at their height, as in the frame, so nothing moves when it comes.
 */
export function Shell({ webview, rows = {} }: { webview: boolean; rows?: ReservedRows }) {
  const { brand } = useService(headerContextRef)
  if (webview) {
    // App webview: only the global notification (header spec §1).
    return (
      <div className={styles.root} data-brand={brand} data-variant="webview">
        <ShellPart name="shell.top" webview />
      </div>
    )
  }
  return <ShellChrome rows={rows} parts={(name) => <ShellPart name={name} />} />
}

/**
 * The header's frame around its parts: the root with the brand's look, the header row that sticks
 * and hides as the page scrolls, and a place for each part (`parts` draws it). The live shell draws
 * its parts in it; when the page server's first view is on screen, the same attributes and classes
 * are applied to the served frame instead (`useServedChrome`), whose parts go live one by one.
 */
function ShellChrome({ rows, parts }: { rows: ReservedRows; parts: (name: PartName) => ReactNode }) {
  const { location } = useService(headerContextRef)
  const chrome = useChrome(rows)
  const reduced = isBrewerRegistration(location.pathname)
  return (
    <div className={styles.root} {...chrome.root} style={chrome.rootStyle}>
      {parts('shell.top')}
      {parts('header.siteNotice')}
      <header className={chrome.headerClass} {...chrome.header}>
        <HeaderRows
          reduced={reduced}
          part={parts}
          logo={parts('header.logo')}
          promo={!reduced && parts('shell.promo')}
        />
      </header>
      {parts('header.sessionDialog')}
      {parts('header.cookieBanner')}
    </div>
  )
}

/**
 * What the shell sets on its frame: the root's attributes (brand, language, route background, the
 * variant, the button style of `newButtonUI`, the held site-notice row) and the header row's scroll
 * state (transparent at the top of the home page, sticky, hidden).
 */
export function useChrome(rows: ReservedRows) {
  const { location, brand, lang, siteConfig } = useService(headerContextRef)
  const { headerHeight } = useService(shellOptionsRef)
  const scroll = useHeaderScroll()
  const reduced = isBrewerRegistration(location.pathname)
  const transparent = isHomePath(location.pathname) && scroll.atTop
  return {
    root: {
      'data-brand': brand,
      'data-lang': lang,
      'data-route-bg': routeBackground(location.pathname),
      'data-variant': reduced ? 'brewer-registration' : 'full',
      // Site configuration `newButtonUI` (header spec §3): the rounded buttons, or the classic ones.
      'data-button-ui': siteConfig.newButtonUI ? 'new' : 'classic',
      // While the auth plugin loads, its reserve holds the site-notice row the page reserved.
      'data-site-notice': rows.siteNotice ? '' : undefined,
      // Labels that may still change: the account control keeps a fixed width.
      'data-labels-held': rows.labelsHeld ? '' : undefined,
    },
    rootStyle: { '--oh-header-height': `${headerHeight}px` } as CSSProperties,
    headerClass: [
      styles.header,
      transparent && styles.transparent,
      scroll.sticky && styles.sticky,
      scroll.hidden && styles.hidden,
    ]
      .filter(Boolean)
      .join(' '),
    header: { 'data-sticky': scroll.sticky, 'data-hidden': scroll.hidden },
  }
}

/** One part of the live header, in its box: a plugin's slot, or a row the shell owns. */
export function ShellPart(props: PartProps) {
  return (
    <Part name={props.name}>
      <PartContent {...props} />
    </Part>
  )
}

/** A part of the live header: which, and whether this is the app webview. */
interface PartProps {
  name: PartName
  webview?: boolean
}

/** What one part of the live header draws in its box. */
export function PartContent({ name, webview = false }: PartProps) {
  if (name.startsWith('shell.')) return <ShellRow name={name as ShellRowName} webview={webview} />
  if (name === 'header.sessionDialog') {
    const ModalLayers = shellPart('header.sessionDialog')
    return (
      <>
        <ModalLayers />
        <Slot name="header.sessionDialog" />
      </>
    )
  }
  return <Slot name={name as SlotName} />
}

/**
 * A part the shell plugin draws itself (its rows, its modal layers): the component its first view
 * declares, the same the page server draws and the browser hydrates.
 */
const shellPart = (name: PartName) =>
  shellFirstView.parts[name] as SlotComponent & ((props: object) => ReactNode)

/**
 * A row the shell plugin owns (plugins/shell/slots/ShellRows.tsx), as the shell plugin's: the same
 * component the page server draws and the browser hydrates, here drawn by the live shell.
 */
function ShellRow({ name, webview }: { name: ShellRowName; webview: boolean }) {
  const kernel = useKernel()
  const options = useService(shellOptionsRef)
  const Row = shellPart(name)
  return (
    <PluginBoundary pluginId="shell" options={options} slot={name} onFault={kernel.reportFault}>
      {name === 'shell.top' ? <Row webview={webview} /> : <Row />}
    </PluginBoundary>
  )
}
