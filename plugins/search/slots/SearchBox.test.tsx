// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react'
import { Profiler } from 'react'
import { afterEach, beforeAll, expect, it, vi } from 'vitest'
import { KernelProvider } from '../../../kernel/react/KernelProvider'
import { createTestKernel } from '../../../test/createTestKernel'
import searchPlugin from '../index'
import { searchRef } from '../searchService'
import SearchBox, { BLUR_DELAY_MS } from './SearchBox'

afterEach(cleanup)
// A desktop width: jsdom has no matchMedia.
beforeAll(() => {
  window.matchMedia = (media: string) =>
    ({ matches: false, media, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList
})

/** Types into the box the way the browser does: the text is in the box before `input` fires. */
function typeNatively(box: HTMLInputElement, text: string) {
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set
  setValue?.call(box, text)
  box.dispatchEvent(new Event('input', { bubbles: true }))
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0))

/**
 * A search server: `suggestionsFor(text)` are its suggestions for a text (awaited, so one answer can be
 * held back), and it has no products.
 */
function stubSearchServer(suggestionsFor: (text: string) => string[] | Promise<string[]>) {
  vi.stubGlobal('fetch', async (url: string | URL | Request) => {
    const text = new URL(String(url), 'http://x').searchParams.get('term') ?? ''
    const body = String(url).includes('searchsuggestions')
      ? { suggestions: (await suggestionsFor(text)).map((value) => ({ value })) }
      : { products: [] }
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } })
  })
}

async function renderSearchBox(handOver?: { text: string; focused: boolean }) {
  const { kernel } = createTestKernel([searchPlugin])
  const commits: string[] = []
  const search = kernel.services.get(searchRef)
  const input = vi.spyOn(search, 'input')
  await act(async () => {
    render(
      <KernelProvider kernel={kernel}>
        <Profiler id="search-box" onRender={(_id, phase) => commits.push(phase)}>
          <SearchBox {...(handOver ? { handOver } : {})} />
        </Profiler>
      </KernelProvider>,
    )
  })
  const box = screen.getByRole('combobox', { name: 'Search' }) as HTMLInputElement
  return { box, commits, input, kernel }
}

it('renders nothing inside a keystroke: the browser shows the text, React follows in a transition', async () => {
  const { box, commits, input } = await renderSearchBox()
  // Focus first, as a shopper does (it opens the wish for the flyout), and let that settle.
  await act(async () => box.focus())
  await act(nextTask)
  const before = commits.length
  // Not wrapped in act: act would flush the transition at once and hide what the browser sees.
  const previous = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT
  ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false
  try {
    typeNatively(box, 'c')
    await Promise.resolve()
    await Promise.resolve()
    // A controlled input re-rendered the combobox synchronously here, before the keystroke's paint.
    expect(commits.length).toBe(before)
  } finally {
    ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = previous
  }
  expect(box.value).toBe('c')
  expect(input).toHaveBeenLastCalledWith('c')
})

/** Runs `fn` outside act, so React schedules as it does in a browser (act flushes at once). */
async function asTheBrowserDoes(fn: () => Promise<void>) {
  const flag = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }
  const previous = flag.IS_REACT_ACT_ENVIRONMENT
  flag.IS_REACT_ACT_ENVIRONMENT = false
  try {
    await fn()
  } finally {
    flag.IS_REACT_ACT_ENVIRONMENT = previous
  }
}
const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve))

it('renders nothing in the frame of the click that focuses the box; the flyout wish follows after it', async () => {
  const { box, commits, input } = await renderSearchBox()
  const before = commits.length
  await asTheBrowserDoes(async () => {
    box.focus()
    expect(input).toHaveBeenLastCalledWith('') // suggestions are asked for at once
    await nextTask()
    // Rendering the combobox here made the focusing click the slowest interaction (64 ms at 4x).
    expect(commits.length).toBe(before)
    // After the frame the transition renders (React's scheduler decides when: wait for it).
    await nextFrame()
    await vi.waitFor(() => expect(commits.length).toBeGreaterThan(before), { timeout: 2000 })
  })
})

it('opens nothing when the box is left again before the next frame (a quick Tab through)', async () => {
  const { box } = await renderSearchBox()
  await asTheBrowserDoes(async () => {
    box.focus()
    box.blur()
    await nextFrame()
    await nextTask()
    await nextTask()
  })
  // What it renders meanwhile (the answer to the suggestions asked for at focus, which comes when it
  // comes on a busy machine) may be drawn; the flyout is not opened.
  expect(box.getAttribute('aria-expanded')).toBe('false')
  expect(screen.queryByRole('listbox')).toBeNull()
})

it('Escape before the focusing frame has painted: the flyout stays closed', async () => {
  // A server with suggestions for any text, so the flyout has something to open with.
  stubSearchServer(() => ['decaf'])
  try {
    const { box } = await renderSearchBox()
    await act(async () => box.focus())
    await act(async () => typeNatively(box, 'decaf'))
    await act(() => new Promise((r) => setTimeout(r, 400)))
    expect(box.getAttribute('aria-expanded')).toBe('true')
    await act(async () => box.blur())
    await act(() => new Promise((r) => setTimeout(r, 200)))
    expect(box.getAttribute('aria-expanded')).toBe('false')
    // Focus comes back and Escape follows before the focus's frame: the flyout must not come back.
    await asTheBrowserDoes(async () => {
      box.focus()
      box.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }))
      await nextFrame()
      await nextTask()
      await nextTask()
    })
    await act(() => new Promise((r) => setTimeout(r, 50)))
    expect(box.getAttribute('aria-expanded')).toBe('false')
  } finally {
    vi.unstubAllGlobals()
  }
})

it('keeps the text typed over later renders, starts from the hand-over, and clears the box', async () => {
  const { box, input } = await renderSearchBox({ text: 'deca', focused: false })
  expect(box.value).toBe('deca')
  await act(async () => typeNatively(box, 'decaf'))
  await act(async () => box.focus())
  await act(nextTask)
  expect(box.value).toBe('decaf') // re-renders (focus, transitions) never reset an uncontrolled box
  expect(input).toHaveBeenLastCalledWith('decaf')
  await act(async () => screen.getByRole('button', { name: 'Clear search' }).click())
  expect(box.value).toBe('')
  expect(input).toHaveBeenLastCalledWith('')
  expect(document.activeElement).toBe(box)
})

it('submits what is in the box even before React has caught up with it', async () => {
  const assign = vi.fn()
  const location = window.location
  Object.defineProperty(window, 'location', { configurable: true, value: { ...location, assign } })
  try {
    const { box, kernel } = await renderSearchBox()
    const submitted: unknown[] = []
    kernel.bus.on('search:submitted', (e) => submitted.push(e.payload), 'test')
    typeNatively(box, '  dark roast ')
    box.form?.requestSubmit()
    expect(assign).toHaveBeenCalledWith('/search?text=dark%20roast')
    // The search plugin raises it before the page changes (the analytics plugin's `search`, type typed).
    expect(submitted).toEqual([{ term: 'dark roast' }])
  } finally {
    Object.defineProperty(window, 'location', { configurable: true, value: location })
  }
})

it(`keeps the flyout for ${BLUR_DELAY_MS} ms after the box loses focus (header spec §4: a click on a suggestion lands), then closes it`, async () => {
  expect(BLUR_DELAY_MS).toBe(100)
  stubSearchServer(() => ['decaf'])
  try {
    const { box } = await renderSearchBox()
    await act(async () => box.focus())
    await act(async () => typeNatively(box, 'decaf'))
    await act(() => new Promise((r) => setTimeout(r, 400)))
    expect(box.getAttribute('aria-expanded')).toBe('true')
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] })
    await act(async () => box.blur())
    await act(async () => vi.advanceTimersByTime(BLUR_DELAY_MS - 1))
    expect(box.getAttribute('aria-expanded')).toBe('true')
    await act(async () => vi.advanceTimersByTime(1))
    expect(box.getAttribute('aria-expanded')).toBe('false')
  } finally {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  }
})

it('a new answer clears the active option: Enter then searches the text, never a vanished option', async () => {
  // The answer for "decaf" comes late, with fewer suggestions than the one the arrows moved in.
  let answerLate: () => void = () => {}
  const late = new Promise<void>((resolve) => {
    answerLate = resolve
  })
  stubSearchServer(async (text) => {
    if (text === 'decaf') await late
    return text === 'decaf' ? ['decaf'] : ['decaf', 'decaf dark', 'decaf pods']
  })
  const assign = vi.fn()
  vi.stubGlobal('location', { ...window.location, assign })
  try {
    const { box } = await renderSearchBox()
    await act(async () => box.focus())
    await act(async () => typeNatively(box, 'deca'))
    await act(() => new Promise((r) => setTimeout(r, 400)))
    expect(screen.getAllByRole('option').length).toBeGreaterThanOrEqual(3)
    await act(async () => typeNatively(box, 'decaf'))
    // The arrows move in the list still shown, to its third option.
    for (let i = 0; i < 3; i++)
      await act(async () =>
        box.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true })),
      )
    expect(box.getAttribute('aria-activedescendant')).toBeTruthy()
    await act(async () => answerLate())
    await act(() => new Promise((r) => setTimeout(r, 400)))
    expect(box.getAttribute('aria-activedescendant')).toBeNull()
    await act(async () => box.form?.requestSubmit())
    expect(assign).toHaveBeenCalledWith(expect.stringContaining('decaf'))
  } finally {
    vi.unstubAllGlobals()
  }
})
