import {
  FloatingOverlay,
  useDismiss,
  useFloatingRootContext,
  useInteractions,
  useListNavigation,
  useRole,
} from '@floating-ui/react'
import {
  type FormEvent,
  type KeyboardEvent,
  lazy,
  Suspense,
  startTransition,
  useCallback,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react'
import type { Subscription } from 'rxjs'
import { useService } from '../../../kernel/react/KernelProvider'
import { useEmit } from '../../../kernel/react/PluginBoundary'
import { useMediaQuery } from '../../../kernel/react/useMediaQuery'
import { useStream } from '../../../kernel/react/useStream'
import { headerContextRef } from '../../../kernel/services/kernelRefs'
import { after, afterNextPaint, whenIdle } from '../../../kernel/streams/streams'
import { BELOW_DESKTOP } from '../../../site/breakpoints'
import { searchRef } from '../searchService'
import { SEARCH_PAGE, searchPageUrl, textFromSearch } from '../searchText'
import type { HandOver } from './handOver'
import { LiveCounts } from './LiveCounts'
import { ClearButton, SubmitButton } from './SearchButtons'
import type { FlyoutProps } from './SearchFlyout'
import styles from './search.module.css'

const SearchFlyout = lazy(() => import('./SearchFlyout'))

export type { HandOver } from './handOver'

/** Focus may move into the flyout for this long before the box closes (header spec §9). */
export const BLUR_DELAY_MS = 100
/** Mobile search: sticky bar and page scroll locked at this width and below (header spec §9). */
export const MOBILE_SEARCH_QUERY = BELOW_DESKTOP

/**
 * The search box: a WAI-ARIA combobox with a listbox popup (APG "editable combobox with list
 * autocomplete"). Focus stays in the box; arrows move a virtual focus through suggestion terms and
 * product tiles (aria-activedescendant), Home/End jump to the first/last option, Enter opens the
 * active option or searches the text, Escape closes.
 */
/** Marks the history entry the phone's search screen adds (Back closes the search first). */
const SEARCH_HISTORY_KEY = 'oneHeaderSearch'

export default function SearchBox({ handOver }: { handOver?: HandOver }) {
  const { lang, labels, siteConfig, location } = useService(headerContextRef)
  const search = useService(searchRef)
  const state = useStream(search.state$, search.state$.value())
  const limit = siteConfig.searchCharacterLimit
  // The box is uncontrolled: the browser shows each key itself and React is told in a transition.
  // A controlled input re-rendered the whole combobox synchronously inside every input event (the
  // first key of a page cost 64-136 ms at 4x CPU); now a keystroke runs no render before its paint.
  // What is drawn from the text (the flyout, the live counts) follows the search service's answers.
  const [initialText] = useState(
    () =>
      handOver?.text ??
      (location.pathname === SEARCH_PAGE[lang] ? textFromSearch(location.search, limit) : ''),
  )
  const [wanted, setWanted] = useState(false)
  // Phones: the search screen (sticky bar, overlay) stays up after "Clear search", for the next term.
  const [keptOpen, setKeptOpen] = useState(false)
  const [activeIndex, setActiveIndex] = useState<number | null>(null)
  const inputRef = useRef<HTMLInputElement | null>(null)
  const formRef = useRef<HTMLFormElement | null>(null)
  const listRef = useRef<(HTMLElement | null)[]>([])
  const composing = useRef(false)
  const quietFocus = useRef(false)
  const blurTimer = useRef<Subscription | null>(null)
  const mobile = useMediaQuery(MOBILE_SEARCH_QUERY)

  // The flyout follows the box by a frame: a keystroke paints the box at once, and the flyout's
  // heavier update (opening it, new terms and tiles) renders right after as an interruptible
  // deferred render, so no keystroke waits for it (the first one of a page took 96-112 ms at 4x).
  const shown = useDeferredValue(state.shown)
  const optionCount = shown ? shown.data.suggestions.length + shown.data.products.length : 0
  // A new answer is a new list: the option the arrows had reached may be gone (a shorter list) or be
  // another one, so nothing is active until the shopper moves again (Enter then searches the text).
  const [listShown, setListShown] = useState(shown)
  if (listShown !== shown) {
    setListShown(shown)
    if (activeIndex !== null) setActiveIndex(null)
  }
  const flyoutWanted = useDeferredValue(wanted)
  const open = flyoutWanted && optionCount > 0
  // An answer with nothing in it is said, not left as silence: no flyout at all read as broken.
  const nothingFor =
    flyoutWanted && shown && optionCount === 0 && state.result.status === 'success' ? shown.query.trim() : ''

  // Stable callbacks and props: a keystroke re-renders the box, not the open flyout (memo).
  const cancelOpen = useRef<() => void>(() => {})
  const close = useCallback(() => {
    // A focus's open still waiting for its frame must not undo this close.
    cancelOpen.current()
    setWanted(false)
    setKeptOpen(false)
    setActiveIndex(null)
  }, [])
  // Events go out as this plugin (the envelope's source), whatever id the brand runs it under.
  const emit: FlyoutProps['emit'] = useEmit()
  // Interactions only, no positioning: CSS places the flyout under the box (search.module.css), so
  // opening it measures nothing (useFloating's computePosition forced a layout, ~20 ms at 4x CPU, on
  // the keystroke that opened it).
  const [reference, setReference] = useState<HTMLInputElement | null>(null)
  const [floating, setFloating] = useState<HTMLElement | null>(null)
  const setInput = useCallback((el: HTMLInputElement | null) => {
    inputRef.current = el
    setReference(el)
  }, [])
  const context = useFloatingRootContext({
    open,
    onOpenChange: (next, _event, reason) => {
      if (next) return setWanted(true)
      close()
      if (reason === 'escape-key') inputRef.current?.focus()
    },
    elements: { reference, floating },
  })
  const { getReferenceProps, getFloatingProps, getItemProps } = useInteractions([
    useRole(context, { role: 'combobox' }),
    // A press on the box's own buttons (clear, search) is not a press outside: closing on its
    // pointerdown moved the phone's sticky bar back into the header under the finger, and the tap's
    // click landed on whatever was there ("Get the app"), the text never cleared.
    useDismiss(context, {
      outsidePress: (event) => !(event.target instanceof Node && formRef.current?.contains(event.target)),
    }),
    useListNavigation(context, {
      listRef,
      activeIndex,
      onNavigate: setActiveIndex,
      virtual: true,
      loop: true,
      allowEscape: true,
      focusItemOnOpen: false,
    }),
  ])
  const floatingProps = useMemo(() => getFloatingProps(), [getFloatingProps])
  useEffect(
    () => () => {
      blurTimer.current?.unsubscribe()
      cancelOpen.current()
    },
    [],
  )
  // Taking over from the plain box the shopper was typing in: keep the focus (which asks for
  // suggestions for the text, as focusing the box does).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on taking over
  useEffect(() => {
    if (handOver?.focused) inputRef.current?.focus()
  }, [])
  // The flyout's code is fetched while the shopper is still reading, not on the first keystroke.
  useEffect(() => whenIdle(() => void import('./SearchFlyout')), [])

  // Nothing here is urgent: the box already shows the text, and the flyout and the live counts
  // follow in a transition React renders between frames.
  const wantFlyout = () =>
    startTransition(() => {
      setWanted(true)
      setActiveIndex(null)
    })
  const type = (text: string) => {
    wantFlyout()
    // Mid-word in an IME, the text is not what the shopper means yet: no request until it ends.
    if (!composing.current) search.input(text)
  }
  // Focus asks for suggestions at once but opens the flyout only after the focusing click's (or
  // Tab's) frame has painted: rendering the combobox inside that frame made the click that focuses
  // the box the slowest interaction of a typing session (up to 64 ms at 4x CPU, the keys ≤ 40).
  const openOnFocus = () => {
    if (!composing.current) search.input(inputRef.current?.value ?? '')
    cancelOpen.current()
    cancelOpen.current = afterNextPaint(() => {
      // Left again before that frame (a quick Tab through): nothing opens.
      if (document.activeElement === inputRef.current) wantFlyout()
    })
  }
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.nativeEvent.isComposing) return
    if (open && activeIndex !== null && (e.key === 'Home' || e.key === 'End')) {
      e.preventDefault()
      setActiveIndex(e.key === 'Home' ? 0 : optionCount - 1)
    } else if (e.key === 'Enter' && open && activeIndex !== null && listRef.current[activeIndex]) {
      e.preventDefault()
      listRef.current[activeIndex]?.click()
    } else if (e.key === 'Escape') {
      // A search input clears itself on Escape, which would reopen the flyout: Escape only closes.
      e.preventDefault()
      close()
    }
  }
  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    const text = (inputRef.current?.value ?? '').trim()
    if (text === '') return inputRef.current?.focus()
    emit('search:submitted', { term: text })
    window.location.assign(searchPageUrl(lang, text, limit))
  }
  const clear = () => {
    if (inputRef.current) inputRef.current.value = ''
    close()
    // The suggestions close (header spec §2); a phone's search screen stays for the next term.
    if (mobile) setKeptOpen(true)
    search.input('')
    quietFocus.current = true
    inputRef.current?.focus()
  }

  const active = (wanted || keptOpen) && mobile
  // The phone's search screen is a place of its own: opening it adds a history entry, so Back
  // leaves the search first (not the page); leaving it any other way takes that entry back.
  const searchEntry = useRef(false)
  useEffect(() => {
    if (!active) {
      if (searchEntry.current) {
        searchEntry.current = false
        if (window.history.state?.[SEARCH_HISTORY_KEY]) window.history.back()
      }
      return
    }
    if (!searchEntry.current) {
      window.history.pushState({ ...window.history.state, [SEARCH_HISTORY_KEY]: true }, '')
      searchEntry.current = true
    }
    const onBack = () => {
      searchEntry.current = false
      close()
      inputRef.current?.blur()
    }
    window.addEventListener('popstate', onBack)
    return () => window.removeEventListener('popstate', onBack)
  }, [active, close])
  const cancel = () => {
    close()
    inputRef.current?.blur()
  }
  return (
    <>
      {active && <FloatingOverlay lockScroll className={styles.overlay} onClick={close} />}
      {/* biome-ignore lint/a11y/useSemanticElements: <form role="search"> is the APG landmark; <search> is too new for some supported browsers */}
      <form
        ref={formRef}
        role="search"
        action={SEARCH_PAGE[lang]}
        aria-label={labels['header.search.label']}
        className={styles.form}
        data-active={active || undefined}
        onSubmit={onSubmit}
      >
        <input
          {...getReferenceProps({
            ref: setInput,
            className: styles.input,
            type: 'search',
            name: 'text',
            defaultValue: initialText,
            maxLength: limit,
            autoComplete: 'off',
            spellCheck: false,
            enterKeyHint: 'search',
            'aria-label': labels['header.search.label'],
            placeholder: mobile
              ? labels['header.search.placeholder.mobile']
              : labels['header.search.placeholder'],
            onChange: (e: React.ChangeEvent<HTMLInputElement>) => type(e.currentTarget.value),
            onCompositionStart: () => {
              composing.current = true
            },
            onCompositionEnd: (e: React.CompositionEvent<HTMLInputElement>) => {
              composing.current = false
              type(e.currentTarget.value)
            },
            onFocus: () => {
              blurTimer.current?.unsubscribe()
              if (quietFocus.current) quietFocus.current = false
              else openOnFocus()
            },
            onBlur: (e) => {
              if (formRef.current?.contains(e.relatedTarget as Node | null)) return
              blurTimer.current = after(BLUR_DELAY_MS).subscribe(() => {
                const focused = document.activeElement
                if (!formRef.current?.contains(focused)) close()
              })
            },
            onKeyDown,
          })}
        />
        <ClearButton labels={labels} onClear={clear} />
        <SubmitButton labels={labels} />
        {active && (
          <button type="button" className={styles.cancel} onClick={cancel}>
            {labels['header.search.cancel']}
          </button>
        )}
        {open && shown && (
          <Suspense fallback={null}>
            <SearchFlyout
              setFloating={setFloating}
              floatingProps={floatingProps}
              getItemProps={getItemProps}
              listRef={listRef}
              activeIndex={activeIndex}
              query={shown.query}
              result={shown.data}
              onChosen={close}
              emit={emit}
            />
          </Suspense>
        )}
        {nothingFor !== '' && (
          <p className={`${styles.flyout} ${styles.nothingFound}`} data-testid="search-nothing-found">
            {labels['header.search.no.results'].replaceAll('{text}', nothingFor)}
          </p>
        )}
        <LiveCounts labels={labels} state={state} wanted={wanted} />
      </form>
    </>
  )
}
