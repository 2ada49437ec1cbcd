/**
 * The wait helper the header mounts with (nav spec §1, §5, §8): waits for DOM elements and global
 * variables, retrying until the page has fully loaded, then gives up with one console message.
 */

/** The exact console message when something never appeared (nav spec §8). */
export const WAIT_UNTIL_MISSING_MESSAGE = 'waitUntil: Searched DOM elements/global variables do not exist'

export interface WaitUntilOptions {
  /** Delay between checks while the page is loading; 0 by default (nav spec §1). */
  retryDelayMs?: number
  /** Where the "do not exist" message goes; `console.error` by default. */
  log?: (message: string) => void
  doc?: Document
  win?: Window
}

/** Selectors start with or contain '#', '.' or '['; anything else is a global variable name (`utag`). */
const isSelector = (entry: string) => /[#.[]/.test(entry)

function validate(argCount: number, names: unknown, callback: unknown): void {
  if (argCount < 2)
    throw new TypeError(
      `waitUntil needs 2 arguments (a list of selectors or global names, and a callback), got ${argCount}. Call waitUntil(['#oneHeaderContainer'], (el) => …).`,
    )
  if (!Array.isArray(names))
    throw new TypeError(
      `waitUntil: the first argument must be an array of CSS selectors or global variable names, got ${typeof names}. Wrap a single selector in [ ].`,
    )
  if (typeof callback !== 'function')
    throw new TypeError(
      `waitUntil: the second argument must be a function to call with what was found, got ${typeof callback}.`,
    )
  for (const name of names)
    if (typeof name !== 'string' || name.trim() === '')
      throw new TypeError(`waitUntil: every entry must be a non-empty string, got ${JSON.stringify(name)}.`)
}

/**
 * Calls `callback` with the found elements and values, in the order of `names`, once all exist.
 * Until the document is `complete` it checks again every `retryDelayMs` (and right at the `load`
 * event); after the load it checks once more, then logs {@link WAIT_UNTIL_MISSING_MESSAGE} once and
 * stops. Returns a function that cancels the wait (no timer or listener is left behind).
 * Throws a TypeError for wrong arguments or a selector the browser cannot parse.
 */
export function waitUntil<Found extends unknown[]>(
  names: readonly string[],
  callback: (...found: Found) => void,
  options: WaitUntilOptions = {},
): () => void {
  // biome-ignore lint/complexity/noArguments: the spec's check is on how many arguments were passed.
  validate(arguments.length, names, callback)
  const doc = options.doc ?? document
  const win = options.win ?? (doc.defaultView as Window | null) ?? window
  const delay = Math.max(0, Number(options.retryDelayMs) || 0)
  const log = options.log ?? ((message: string) => console.error(message))

  for (const name of names) {
    if (!isSelector(name)) continue
    try {
      doc.querySelector(name)
    } catch {
      throw new TypeError(
        `waitUntil: '${name}' is not a valid CSS selector; fix the selector passed to waitUntil.`,
      )
    }
  }

  const lookup = (): unknown[] | null => {
    const found: unknown[] = []
    for (const name of names) {
      const value = isSelector(name)
        ? doc.querySelector(name)
        : (win as unknown as Record<string, unknown>)[name]
      if (value === null || value === undefined) return null
      found.push(value)
    }
    return found
  }

  let timer: ReturnType<typeof setTimeout> | undefined
  let finished = false
  const stop = () => {
    finished = true
    if (timer !== undefined) clearTimeout(timer)
    timer = undefined
    win.removeEventListener('load', onLoad)
  }
  const attempt = () => {
    timer = undefined
    if (finished) return
    const loaded = doc.readyState === 'complete'
    const found = lookup()
    if (found) {
      stop()
      callback(...(found as Found))
    } else if (loaded) {
      stop()
      log(WAIT_UNTIL_MISSING_MESSAGE)
    } else {
      timer = setTimeout(attempt, delay)
    }
  }
  // The check "once more after the load" happens at the load event itself, not one delay later.
  function onLoad() {
    if (timer !== undefined) clearTimeout(timer)
    attempt()
  }
  win.addEventListener('load', onLoad)
  attempt()
  return stop
}
