// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { WAIT_UNTIL_MISSING_MESSAGE, waitUntil } from './waitUntil'

let readyState: DocumentReadyState = 'loading'

/** Lets a test move the page from loading to complete, as the browser does before 'load'. */
function finishLoading() {
  readyState = 'complete'
  window.dispatchEvent(new Event('load'))
}

beforeEach(() => {
  vi.useFakeTimers()
  readyState = 'loading'
  Object.defineProperty(document, 'readyState', { configurable: true, get: () => readyState })
  document.body.innerHTML = ''
})

afterEach(() => {
  // Removing the own property brings back jsdom's getter from the prototype.
  delete (document as unknown as Record<string, unknown>).readyState
  delete (window as unknown as Record<string, unknown>).utag
  vi.useRealTimers()
})

describe('waitUntil', () => {
  it('calls back at once with what is already there, in order', () => {
    document.body.innerHTML = '<div id="oneHeaderContainer"></div><p class="x"></p>'
    ;(window as any).utag = { view: () => {} }
    const callback = vi.fn()
    waitUntil(['#oneHeaderContainer', 'utag', '.x'], callback)
    expect(callback).toHaveBeenCalledTimes(1)
    expect(callback).toHaveBeenCalledWith(
      document.getElementById('oneHeaderContainer'),
      (window as any).utag,
      document.querySelector('.x'),
    )
    expect(vi.getTimerCount()).toBe(0)
  })

  it('finds an element inserted later while the page loads', () => {
    const callback = vi.fn()
    const log = vi.fn()
    waitUntil(['#oneHeaderContainer'], callback, { log, retryDelayMs: 10 })
    vi.advanceTimersByTime(50)
    expect(callback).not.toHaveBeenCalled()
    document.body.innerHTML = '<div id="oneHeaderContainer"></div>'
    vi.advanceTimersByTime(10)
    expect(callback).toHaveBeenCalledWith(document.getElementById('oneHeaderContainer'))
    expect(log).not.toHaveBeenCalled()
    expect(vi.getTimerCount()).toBe(0)
  })

  it('finds a global variable defined later', () => {
    const callback = vi.fn()
    waitUntil(['utag'], callback)
    vi.advanceTimersByTime(5)
    ;(window as any).utag = 'ready'
    vi.advanceTimersByTime(5)
    expect(callback).toHaveBeenCalledWith('ready')
  })

  it('checks once more at the load, then logs the exact message once and stops', () => {
    const callback = vi.fn()
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    waitUntil(['#oneHeaderContainer'], callback)
    vi.advanceTimersByTime(100)
    expect(error).not.toHaveBeenCalled()
    finishLoading()
    expect(error).toHaveBeenCalledTimes(1)
    expect(error).toHaveBeenCalledWith('waitUntil: Searched DOM elements/global variables do not exist')
    expect(WAIT_UNTIL_MISSING_MESSAGE).toBe('waitUntil: Searched DOM elements/global variables do not exist')
    expect(vi.getTimerCount()).toBe(0)
    vi.advanceTimersByTime(10_000)
    window.dispatchEvent(new Event('load'))
    expect(error).toHaveBeenCalledTimes(1)
    expect(callback).not.toHaveBeenCalled()
    error.mockRestore()
  })

  it('still finds an element that appears exactly by the load', () => {
    const callback = vi.fn()
    const log = vi.fn()
    waitUntil(['#late'], callback, { log, retryDelayMs: 1000 })
    document.body.innerHTML = '<i id="late"></i>'
    finishLoading()
    expect(callback).toHaveBeenCalledTimes(1)
    expect(log).not.toHaveBeenCalled()
  })

  it('on a page that has already loaded, checks once and logs when missing', () => {
    readyState = 'complete'
    const log = vi.fn()
    waitUntil(['#nothing'], vi.fn(), { log })
    expect(log).toHaveBeenCalledWith(WAIT_UNTIL_MISSING_MESSAGE)
    expect(vi.getTimerCount()).toBe(0)
  })

  it('can be cancelled, leaving no timer', () => {
    const callback = vi.fn()
    const log = vi.fn()
    const cancel = waitUntil(['#oneHeaderContainer'], callback, { log })
    expect(vi.getTimerCount()).toBe(1)
    cancel()
    expect(vi.getTimerCount()).toBe(0)
    document.body.innerHTML = '<div id="oneHeaderContainer"></div>'
    finishLoading()
    vi.advanceTimersByTime(100)
    expect(callback).not.toHaveBeenCalled()
    expect(log).not.toHaveBeenCalled()
  })

  it('throws a TypeError for wrong arguments', () => {
    const call = waitUntil as unknown as (...args: unknown[]) => unknown
    expect(() => call()).toThrow(TypeError)
    expect(() => call()).toThrow(/needs 2 arguments/)
    expect(() => call([])).toThrow(/needs 2 arguments/)
    expect(() => call('x', () => {})).toThrow(/first argument must be an array/)
    expect(() => call([], 'notfn')).toThrow(/second argument must be a function/)
    expect(() => call(['#ok', ''], () => {})).toThrow(/non-empty string/)
    expect(() => call(['.a..b'], () => {})).toThrow(/not a valid CSS selector/)
    expect(vi.getTimerCount()).toBe(0)
  })
})
