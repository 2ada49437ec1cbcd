/**
 * The policy for scripts inside CMS paragraphs (header spec §3: "scripts inside CMS paragraphs run
 * after 1000 ms"). The sanitiser removes them from the HTML; this module decides which may run.
 *
 * Safe default: a script runs only when its SHA-256 hash is in an allow-list from configuration
 * (`header.cms.script.hashes`, CSP-style `'sha256-…'` strings, the same values a page CSP
 * `script-src` lists). An empty list runs nothing. A script that changes in the CMS stops running
 * until its new hash is added, so a CMS account alone cannot put code on the page.
 * An allowed script runs as an inline `<script>` element, so a page CSP with the same hashes permits it.
 */

import { sha256 } from './sha256'

/** Delay before CMS scripts run (header spec §9). */
export const CMS_SCRIPT_DELAY_MS = 1000

export interface CmsScriptOptions {
  /** CSP-style hashes (`'sha256-…'`, quotes optional) of the scripts allowed to run: the default rule. */
  allowedHashes?: readonly string[]
  /** A rule of its own instead of the hash list; true lets the script run. */
  allow?: (source: string) => boolean | Promise<boolean>
  /** 1000 ms unless given; a negative or non-number value means 1000. */
  delayMs?: number
  /** Runs an allowed script; by default inserts an inline `<script>` into `doc`. */
  run?: (source: string) => void
  /** Starts a timer and returns its cancel; `setTimeout` by default (tests pass fake time). */
  setTimer?: (fn: () => void, ms: number) => () => void
  /** Told about every script that was not run, and why. */
  onRefused?: (source: string, reason: string) => void
  /** Told when an allowed script failed while being run; `console.error` by default. */
  onError?: (source: string, error: unknown) => void
  /** CSP nonce for the inserted script elements, when the page's policy uses nonces. */
  nonce?: string
  doc?: Document
}

type Verdict = { ok: true } | { ok: false; reason: string }

const toBase64 = (bytes: ArrayBuffer | Uint8Array) => btoa(String.fromCharCode(...new Uint8Array(bytes)))

/**
 * The CSP hash source of a script (`sha256-<base64>`), as a page's `script-src` would list it. Where
 * the page is not a secure context (plain http under a store's own name) the browser has no
 * `crypto.subtle`, and the same digest is computed in script (sha256.ts).
 */
export async function cspHashOf(
  source: string,
  subtle: SubtleCrypto | undefined = globalThis.crypto?.subtle,
): Promise<string> {
  const bytes = new TextEncoder().encode(source)
  return `sha256-${toBase64(subtle ? await subtle.digest('SHA-256', bytes) : sha256(bytes))}`
}

/** `'sha256-abc='` and `sha256-abc=` are the same entry. */
const normaliseHash = (entry: string) => entry.trim().replace(/^'(.*)'$/, '$1')

function hashRule(allowedHashes: readonly string[]): (source: string) => Promise<Verdict> {
  const allowed = new Set(allowedHashes.map(normaliseHash).filter((h) => h.startsWith('sha256-')))
  return async (source) => {
    if (allowed.size === 0) return { ok: false, reason: 'no CMS script hashes are configured' }
    const hash = await cspHashOf(source)
    return allowed.has(hash)
      ? { ok: true }
      : { ok: false, reason: `its hash '${hash}' is not in the allow-list` }
  }
}

function customRule(allow: NonNullable<CmsScriptOptions['allow']>): (source: string) => Promise<Verdict> {
  return async (source) =>
    (await allow(source)) ? { ok: true } : { ok: false, reason: 'the allow rule refused it' }
}

function insertScript(doc: Document, nonce: string | undefined): (source: string) => void {
  return (source) => {
    const el = doc.createElement('script')
    if (nonce) el.nonce = nonce
    el.textContent = source
    // An inline script runs when inserted; removing it afterwards keeps re-renders from piling them up.
    ;(doc.body ?? doc.documentElement).appendChild(el)
    el.remove()
  }
}

const defaultTimer = (fn: () => void, ms: number) => {
  const id = setTimeout(fn, ms)
  return () => clearTimeout(id)
}

/**
 * After {@link CMS_SCRIPT_DELAY_MS}, runs, in order, the `scripts` the policy allows; every other
 * one goes to `onRefused` with the reason. Returns a cancel function: after it, nothing more runs
 * (also when it is called while hashes are being computed).
 */
export function scheduleCmsScripts(scripts: readonly string[], options: CmsScriptOptions = {}): () => void {
  const delay =
    typeof options.delayMs === 'number' && options.delayMs >= 0 && Number.isFinite(options.delayMs)
      ? options.delayMs
      : CMS_SCRIPT_DELAY_MS
  const decide = options.allow ? customRule(options.allow) : hashRule(options.allowedHashes ?? [])
  const run = options.run ?? insertScript(options.doc ?? document, options.nonce)
  const onRefused = options.onRefused ?? (() => {})
  const onError =
    options.onError ??
    ((_source: string, error: unknown) => console.error('[one-header] a CMS script failed:', error))
  let cancelled = false

  const runAll = async () => {
    for (const source of scripts) {
      let verdict: Verdict
      try {
        verdict = await decide(source)
      } catch (error) {
        verdict = {
          ok: false,
          reason: `the allow rule failed: ${error instanceof Error ? error.message : String(error)}`,
        }
      }
      if (cancelled) return
      if (!verdict.ok) {
        onRefused(source, verdict.reason)
        continue
      }
      try {
        run(source)
      } catch (error) {
        onError(source, error)
      }
    }
  }

  const cancelTimer = (options.setTimer ?? defaultTimer)(() => {
    if (!cancelled) void runAll()
  }, delay)
  return () => {
    cancelled = true
    cancelTimer()
  }
}
