// @vitest-environment jsdom
import { gzipSync } from 'node:zlib'
import fc from 'fast-check'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { liveReplay, PRESS_FALLBACK_MS, PRESS_RECORDER_SCRIPT, pendingReplay } from '../../site/pressRecorder'
import { isPressWaiting, recordedPresses, replayPresses } from './pressReplay'

/** Installs the recorder the way the host page does: its source text, run once. */
function installRecorder() {
  new Function(PRESS_RECORDER_SCRIPT)()
}

/** A served control with its replay attributes. */
function served(key: string, href?: string): HTMLButtonElement {
  const button = document.createElement('button')
  for (const [name, value] of Object.entries(pendingReplay(key, href))) button.setAttribute(name, value)
  document.body.append(button)
  return button
}

/** A live part holding the live twin of `key`, which counts its clicks. */
function livePart(key: string) {
  const part = document.createElement('div')
  const button = document.createElement('button')
  for (const [name, value] of Object.entries(liveReplay(key))) button.setAttribute(name, value)
  const clicks = vi.fn()
  button.addEventListener('click', clicks)
  part.append(button)
  document.body.append(part)
  return { part, button, clicks }
}

const assign = vi.fn()

/** A page's presses start afresh (the recorder itself stays installed, once, as on a page). */
const forgetPresses = () => {
  delete (window as Window & { __oneHeaderPresses?: unknown }).__oneHeaderPresses
}

beforeAll(() => {
  installRecorder()
  // Written twice into a page, it still records each press once.
  installRecorder()
})

beforeEach(() => {
  vi.useFakeTimers()
  forgetPresses()
  // jsdom's location cannot navigate; the fallback's address is what matters.
  vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign } as unknown as Location)
})

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
  assign.mockReset()
  document.body.innerHTML = ''
})

describe('the press recorder', () => {
  it('is small and self-contained: at most 1.5 kB gzip, no import', () => {
    expect(gzipSync(PRESS_RECORDER_SCRIPT).length).toBeLessThanOrEqual(1536)
    expect(PRESS_RECORDER_SCRIPT).not.toMatch(/\bimport\b|\brequire\(/)
  })

  it('keeps a press on a pending control instead of acting on it, and tells the page', () => {
    const pressed = vi.fn()
    document.addEventListener('oneheader:press', (e) => pressed((e as CustomEvent).detail))
    const button = served('nav:Beverages', '/c/beverages')
    const own = vi.fn()
    button.addEventListener('click', own)
    const click = new MouseEvent('click', { bubbles: true, cancelable: true })
    button.dispatchEvent(click)
    expect(click.defaultPrevented).toBe(true)
    expect(own).not.toHaveBeenCalled()
    expect(recordedPresses()).toEqual([
      { key: 'nav:Beverages', href: '/c/beverages', done: false, at: expect.any(Number) },
    ])
    expect(pressed).toHaveBeenCalledWith('nav:Beverages')
    expect(isPressWaiting('nav:Beverages')).toBe(true)
  })

  it('leaves presses meant for a new tab, and controls that are live, to the browser', () => {
    const button = served('account', '/login')
    button.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true }))
    button.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 1 }))
    livePart('account').button.click()
    expect(recordedPresses()).toEqual([])
  })

  it('answers each kept press once, in order, on the live twin that has its key', () => {
    served('a').click()
    served('b').click()
    const a = livePart('a')
    expect(replayPresses(a.part)).toBe(1)
    expect(a.clicks).toHaveBeenCalledTimes(1)
    expect(document.activeElement).toBe(a.button)
    // Replaying again answers nothing twice.
    expect(replayPresses(a.part)).toBe(0)
    const b = livePart('b')
    expect(replayPresses(b.part)).toBe(1)
    expect(recordedPresses().every((p) => p.done)).toBe(true)
    // Each press keeps when it was made and answered: the real-user measures report the wait.
    for (const press of recordedPresses())
      expect(press.answeredAt).toBeGreaterThanOrEqual(press.at ?? Infinity)
    // An answered press never falls back.
    vi.advanceTimersByTime(PRESS_FALLBACK_MS)
    expect(assign).not.toHaveBeenCalled()
  })

  it('falls back to the plain behaviour when no live part answered in time', () => {
    served('account', '/login').click()
    vi.advanceTimersByTime(PRESS_FALLBACK_MS - 1)
    expect(assign).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(assign).toHaveBeenCalledWith('/login')
    // Too late for the live part: it is not answered a second time.
    expect(replayPresses(livePart('account').part)).toBe(0)
  })

  it('property: any run of presses is answered once each per key still waiting, never twice', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('a' as const, 'b' as const, 'c' as const), { maxLength: 12 }),
        (keys) => {
          forgetPresses()
          document.body.innerHTML = ''
          const controls = { a: served('a'), b: served('b'), c: served('c') }
          for (const key of keys) controls[key].click()
          const parts = ['a', 'b', 'c'].map(livePart)
          for (const { part } of parts) replayPresses(part)
          for (const { part } of parts) replayPresses(part)
          // A key pressed any number of times before it went live is answered exactly once.
          for (const [i, key] of (['a', 'b', 'c'] as const).entries())
            expect(parts[i]!.clicks).toHaveBeenCalledTimes(keys.includes(key) ? 1 : 0)
        },
      ),
      { numRuns: 50 },
    )
  })
})
