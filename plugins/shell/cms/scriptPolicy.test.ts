// @vitest-environment jsdom
import { createHash } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CMS_SCRIPT_DELAY_MS, cspHashOf, scheduleCmsScripts } from './scriptPolicy'

const GOOD = 'window.cmsGood = (window.cmsGood || 0) + 1'
const BAD = 'window.cmsBad = true'
/** The hash a page CSP would list, computed independently with node:crypto. */
const hashOf = (source: string) => `sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}`

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('CMS script policy', () => {
  it('waits 1000 ms', () => expect(CMS_SCRIPT_DELAY_MS).toBe(1000))

  it('computes the CSP hash of a script', async () => {
    expect(await cspHashOf(GOOD)).toBe(hashOf(GOOD))
    expect(await cspHashOf('')).toBe('sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=')
  })

  it('computes the same hash without crypto.subtle (a page on plain http under a store name)', async () => {
    const fc = (await import('fast-check')).default
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 300 }), async (text) => {
        expect(await cspHashOf(text, undefined)).toBe(hashOf(text))
      }),
    )
    // Lengths around the 64-byte block and its 56-byte length field.
    for (const n of [55, 56, 63, 64, 65, 119, 120, 1000])
      expect(await cspHashOf('a'.repeat(n), undefined)).toBe(hashOf('a'.repeat(n)))
  })

  it('runs nothing before 1000 ms, then only the allowed script; the other is reported', async () => {
    const run = vi.fn()
    const onRefused = vi.fn()
    scheduleCmsScripts([GOOD, BAD], { allowedHashes: [`'${hashOf(GOOD)}'`], run, onRefused })
    await vi.advanceTimersByTimeAsync(999)
    expect(run).not.toHaveBeenCalled()
    expect(onRefused).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    await vi.waitFor(() => expect(onRefused).toHaveBeenCalledTimes(1))
    expect(run).toHaveBeenCalledTimes(1)
    expect(run).toHaveBeenCalledWith(GOOD)
    expect(onRefused).toHaveBeenCalledWith(BAD, `its hash '${hashOf(BAD)}' is not in the allow-list`)
  })

  it('accepts hashes with or without CSP quotes', async () => {
    const run = vi.fn()
    scheduleCmsScripts([GOOD], { allowedHashes: [hashOf(GOOD)], run })
    await vi.advanceTimersByTimeAsync(1000)
    await vi.waitFor(() => expect(run).toHaveBeenCalledWith(GOOD))
  })

  it('runs nothing when no hashes are configured', async () => {
    const run = vi.fn()
    const onRefused = vi.fn()
    scheduleCmsScripts([GOOD], { run, onRefused })
    await vi.advanceTimersByTimeAsync(1000)
    await vi.waitFor(() =>
      expect(onRefused).toHaveBeenCalledWith(GOOD, 'no CMS script hashes are configured'),
    )
    expect(run).not.toHaveBeenCalled()
  })

  it('uses a custom allow rule instead of the hash list', async () => {
    const run = vi.fn()
    const onRefused = vi.fn()
    scheduleCmsScripts([GOOD, BAD], { allow: (s) => s === GOOD, run, onRefused, delayMs: 50 })
    await vi.advanceTimersByTimeAsync(50)
    await vi.waitFor(() => expect(onRefused).toHaveBeenCalledWith(BAD, 'the allow rule refused it'))
    expect(run).toHaveBeenCalledWith(GOOD)
    expect(run).toHaveBeenCalledTimes(1)
  })

  it('cancel prevents running, before the delay and while hashing', async () => {
    const run = vi.fn()
    const onRefused = vi.fn()
    const early = scheduleCmsScripts([GOOD], { allowedHashes: [hashOf(GOOD)], run, onRefused })
    await vi.advanceTimersByTimeAsync(500)
    early()
    expect(vi.getTimerCount()).toBe(0)
    let decide: (ok: boolean) => void = () => {}
    const allow = () => new Promise<boolean>((resolve) => (decide = resolve))
    const late = scheduleCmsScripts([GOOD, BAD], { allow, run, onRefused })
    await vi.advanceTimersByTimeAsync(1000) // the timer fired; the rule has not answered yet
    late()
    decide(true)
    await vi.advanceTimersByTimeAsync(2000)
    expect(run).not.toHaveBeenCalled()
    expect(onRefused).not.toHaveBeenCalled()
  })

  it('reports a script that fails when run and goes on with the next', async () => {
    const onError = vi.fn()
    const run = vi.fn((s: string) => {
      if (s === BAD) throw new Error('boom')
    })
    scheduleCmsScripts([BAD, GOOD], { allow: () => true, run, onError })
    await vi.advanceTimersByTimeAsync(1000)
    await vi.waitFor(() => expect(run).toHaveBeenCalledTimes(2))
    expect(onError).toHaveBeenCalledWith(BAD, expect.any(Error))
  })

  it('by default inserts an inline <script> with the source as its text', async () => {
    const appended: HTMLScriptElement[] = []
    const append = vi.spyOn(document.body, 'appendChild').mockImplementation((node) => {
      appended.push(node as HTMLScriptElement)
      return node
    })
    scheduleCmsScripts([GOOD], { allowedHashes: [hashOf(GOOD)], nonce: 'n0nce' })
    await vi.advanceTimersByTimeAsync(1000)
    await vi.waitFor(() => expect(appended).toHaveLength(1))
    expect(appended[0]!.tagName).toBe('SCRIPT')
    expect(appended[0]!.textContent).toBe(GOOD)
    expect(appended[0]!.src).toBe('')
    expect(appended[0]!.nonce).toBe('n0nce')
    append.mockRestore()
  })

  it('uses the timer it is given', () => {
    const setTimer = vi.fn(() => () => {})
    scheduleCmsScripts([GOOD], { setTimer, run: vi.fn() })
    expect(setTimer).toHaveBeenCalledWith(expect.any(Function), 1000)
  })
})
