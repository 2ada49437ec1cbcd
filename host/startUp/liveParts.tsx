import { StrictMode, startTransition, useEffect, useLayoutEffect, useRef, useSyncExternalStore } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { HYDRATE_ATTRIBUTE } from '../../contracts/servedState'
import type { LiveSiteConfig } from '../../kernel/config/liveSiteConfig'
import type { Kernel } from '../../kernel/kernel'
import type { SlotName } from '../../kernel/plugin/slots'
import { KernelProvider } from '../../kernel/react/KernelProvider'
import { PRESS_EVENT, REPLAY_ATTRIBUTE, REPLAY_PENDING_ATTRIBUTE } from '../../site/pressRecorder'
import type { Hydration } from '../firstView/hydrateParts'
import { COMPLETE_MARK, PART_LIVE_ATTRIBUTE, PART_LIVE_MARK } from '../frame/marks'
import { PartContent, type ReservedRows, useChrome } from '../frame/Shell'
import { type PartName, partElement } from '../frame/ShellFrame'
import { isPressWaiting, liveTwin, recordedPresses, replayPresses } from '../mount/pressReplay'

/** Every part of the header, in the order they are drawn (host/frame/Shell.tsx). */
export const PART_NAMES: readonly PartName[] = [
  'shell.top',
  'header.siteNotice',
  'shell.utility',
  'header.mobileMenu',
  'header.logo',
  'header.nav',
  'header.search',
  'header.loyalty',
  'header.account',
  'header.cart',
  'shell.promo',
  'header.sessionDialog',
  'header.cookieBanner',
]

export { PART_LIVE_ATTRIBUTE }

export interface LivePartsOptions {
  live: LiveSiteConfig
  rows: ReservedRows
  /** The slots the plugins this page runs will fill, their code in or not (the shell's are in already). */
  willFill: ReadonlySet<SlotName>
  /**
   * The parts the entry is hydrating (host/firstView/hydrateParts.tsx), each settling once live: they
   * are not mounted again. One whose hydration fails is taken over as any other part.
   */
  hydrating?: Hydration
  win: Window
}

export interface LiveParts {
  /** The parts live so far. */
  readonly live: ReadonlySet<PartName>
  /**
   * Settles once every part that has started going live is live (call it when every plugin has
   * started or failed: then no other part is coming); the complete mark is set then.
   */
  allLive(): Promise<void>
  /** Unmounts every part's root (the served markup of parts not live stays). */
  unmount(): void
}

/**
 * The kernel joins the page server's first view. Each part the page server drew was drawn by its
 * plugin's live component and is hydrated before the kernel (host/firstView/hydrateParts.tsx): the
 * kernel only fills the handle those parts read their services through. What is left is taken over
 * here, part by part, in place — a root of its own over its box (`data-part`) — when its plugin has
 * started, never waiting for another part: a part that could not be hydrated (no served state, its
 * code failed to load), and a slot only a page's own plugin fills. A plugin that never starts leaves
 * its served part working as HTML. Just after a part goes live, the presses the page's recorder kept
 * for it are answered (site/pressRecorder.ts), and focus moves to the live control. The shell's frame
 * (root attributes, the header row's scroll state) is applied to the served frame.
 */
export function takeOverPartByPart(view: HTMLElement, kernel: Kernel, opts: LivePartsOptions): LiveParts {
  const roots: Root[] = []
  const live = new Set<PartName>()
  const mounting = new Set<PartName>()
  const whenAllLive: (() => void)[] = []
  const tellIfAllLive = () => {
    if (live.size < mounting.size) return
    markComplete()
    for (const done of whenAllLive.splice(0)) done()
  }
  // Labels that may still change: the account control keeps the width the served one has,
  // which the root's kept-width rule (data-labels-held, 176 px) gives way to, as an inline value.
  if (opts.rows.labelsHeld) keepServedWidth(view, 'header.account', ACCOUNT_KEPT_WIDTH)
  const chrome = createRoot(opts.win.document.createElement('div'))
  chrome.render(
    <StrictMode>
      <KernelProvider kernel={kernel}>
        <ServedChrome view={view} rows={opts.rows} config={opts.live} />
      </KernelProvider>
    </StrictMode>,
  )
  roots.push(chrome)

  // The slots no plugin of this page will fill: the served part of a plugin switched off by the page
  // (`data-disabled-plugins`) or the configuration goes at once. (A plugin whose code fails leaves
  // its served part working instead.)
  const unfilled = new Set(
    PART_NAMES.filter(
      (name) =>
        !name.startsWith('shell.') &&
        !opts.willFill.has(name as SlotName) &&
        !kernel.plugins.slots.get(name as SlotName)?.length,
    ),
  )
  const ready = (name: PartName): boolean => {
    if (name.startsWith('shell.') || unfilled.has(name)) return true
    return (kernel.plugins.slots.get(name as SlotName)?.length ?? 0) > 0
  }
  const goLive = (name: PartName, part: HTMLElement) => {
    mounting.add(name)
    const focusedKey = focusedReplayKey(part, opts.win.document)
    const root = createRoot(part)
    roots.push(root)
    const onLive = () => {
      if (live.has(name)) return
      live.add(name)
      markPartLive(name)
      part.setAttribute(PART_LIVE_ATTRIBUTE, '')
      if (focusedKey && !isPressWaiting(focusedKey, opts.win))
        liveTwin(part, focusedKey)?.focus({ preventScroll: true })
      replayPresses(part, opts.win)
      if (whenAllLive.length > 0) tellIfAllLive()
    }
    // A transition: a large part (the navigation bar) renders in slices, never one long task.
    startTransition(() =>
      root.render(
        <StrictMode>
          <KernelProvider kernel={kernel}>
            <LivePart name={name} config={opts.live} onLive={onLive} />
          </KernelProvider>
        </StrictMode>,
      ),
    )
  }
  // The hydrated parts are live by themselves; the kernel only joins them (kernel/react/kernelHandle.ts).
  for (const [name, hydrated] of opts.hydrating?.parts ?? []) {
    const part = name as PartName
    // Its plugin is switched off after all (the live configuration): the part goes, as a served one
    // does. The shell's own parts stay (the modal layers around a slot no plugin fills): it always runs.
    if (unfilled.has(part) && partElement(view, part)?.getAttribute(HYDRATE_ATTRIBUTE) !== 'shell') {
      opts.hydrating?.remove(name)
      continue
    }
    mounting.add(part)
    hydrated.then(
      () => {
        live.add(part)
        markPartLive(part)
        if (whenAllLive.length > 0) tellIfAllLive()
      },
      () => {
        // Not hydrated: its served view is still there, to go live as the others do.
        mounting.delete(part)
        check()
      },
    )
  }
  function check() {
    const due = PART_NAMES.filter((name) => !mounting.has(name) && ready(name))
    // The part a shopper pressed goes first.
    due.sort((a, b) => Number(pressedIn(b)) - Number(pressedIn(a)))
    for (const name of due) {
      const part = partElement(view, name)
      if (part) goLive(name, part)
    }
    if (whenAllLive.length > 0) tellIfAllLive()
  }
  const pressedIn = (name: PartName): boolean => {
    const part = partElement(view, name)
    return [...(part?.querySelectorAll(`[${REPLAY_PENDING_ATTRIBUTE}]`) ?? [])].some((el) =>
      isPressWaiting(el.getAttribute(REPLAY_ATTRIBUTE) ?? '', opts.win),
    )
  }
  // A live part may draw its pending twin first (the consent banner's placeholder while its chunk
  // loads): presses still waiting are answered when their live control appears.
  const replayLater = new MutationObserver(() => {
    if (!recordedPresses(opts.win).some((press) => !press.done)) return
    for (const name of live) {
      const part = partElement(view, name)
      if (part) replayPresses(part, opts.win)
    }
  })
  replayLater.observe(view, { subtree: true, childList: true })
  const unsubscribe = kernel.plugins.subscribe(check)
  opts.win.document.addEventListener(PRESS_EVENT, check)
  check()
  return {
    live,
    allLive: () =>
      new Promise<void>((resolve) => {
        whenAllLive.push(resolve)
        tellIfAllLive()
      }),
    unmount() {
      replayLater.disconnect()
      unsubscribe()
      opts.win.document.removeEventListener(PRESS_EVENT, check)
      for (const root of roots.splice(0)) root.unmount()
    },
  }
}

/** The custom property the shell's account width reads when it is kept (site/headerLayout.module.css). */
const ACCOUNT_KEPT_WIDTH = '--oh-account-kept-width'

/**
 * Keeps the width `part`'s served control has on a desktop-wide window in `property` on the header's
 * root, so its live control is drawn as wide whatever its text becomes. (Below 992 px the control
 * is an icon of a fixed size: nothing to keep.)
 */
function keepServedWidth(view: HTMLElement, part: PartName, property: string): void {
  const control = partElement(view, part)?.firstElementChild
  const width = control?.getBoundingClientRect().width ?? 0
  if (width > 0 && view.ownerDocument.defaultView?.matchMedia('(min-width: 992px)').matches)
    view.style.setProperty(property, `${width}px`)
}

/** The replay key of the control that has focus inside `part`, if any. */
function focusedReplayKey(part: HTMLElement, doc: Document): string | undefined {
  const active = doc.activeElement
  if (!active || !part.contains(active)) return undefined
  return active.closest(`[${REPLAY_ATTRIBUTE}]`)?.getAttribute(REPLAY_ATTRIBUTE) ?? undefined
}

/** Each part's time to live, read by the real-user measures (host/telemetry/realUserMeasures.ts). */
function markPartLive(name: PartName): void {
  if (performance.getEntriesByName(`${PART_LIVE_MARK}${name}`).length === 0)
    performance.mark(`${PART_LIVE_MARK}${name}`)
}

function markComplete(): void {
  if (performance.getEntriesByName(COMPLETE_MARK).length === 0) performance.mark(COMPLETE_MARK)
}

/**
 * One live part: drawn again when the live site configuration replaces the one the header started
 * with (its labels and settings), told once when it is first on screen.
 */
function LivePart({ name, config, onLive }: { name: PartName; config: LiveSiteConfig; onLive: () => void }) {
  useSyncExternalStore(config.subscribe, config.version)
  const told = useRef(false)
  useEffect(() => {
    if (told.current) return
    told.current = true
    onLive()
  }, [onLive])
  return <PartContent name={name} />
}

/**
 * The shell's frame, applied to the served one: the root's attributes (the button style, the held
 * site-notice row…) and the header row's scroll state, kept as the live shell would draw them.
 */
function ServedChrome({
  view,
  rows,
  config,
}: {
  view: HTMLElement
  rows: ReservedRows
  config: LiveSiteConfig
}) {
  useSyncExternalStore(config.subscribe, config.version)
  const chrome = useChrome(rows)
  useLayoutEffect(() => {
    for (const [name, value] of Object.entries(chrome.root)) {
      if (value === undefined) view.removeAttribute(name)
      else view.setAttribute(name, value)
    }
    const header = view.querySelector('header')
    if (!header) return
    header.className = chrome.headerClass
    for (const [name, value] of Object.entries(chrome.header)) header.setAttribute(name, String(value))
  })
  return null
}
