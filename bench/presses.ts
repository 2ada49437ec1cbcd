import type { Browser } from '@playwright/test'

/**
 * A press made the moment the header is on screen, before its part is live. For each
 * control (a panel's button and the account control at 1440 px, the menu button at 390 px with
 * touch, typing in the search box), `runs` cold-ish loads at 4x CPU: the press is made with raw
 * input as soon as the served control is visible, and the bench reads whether it was answered
 * exactly once (the panel or flyout or menu open, still open half a second later; the text kept and
 * its suggestions shown), the time from the press to the answer, and from the part going live to the
 * answer.
 */
export interface PressResult {
  runs: number
  /** Loads whose press was answered exactly once. */
  answeredOnce: number
  /** Loads whose press was made before its part was live (kept by the recorder). */
  recorded: number
  pressToAnswerMs: number[]
  liveToAnswerMs: number[]
}

interface PressCase {
  name: string
  viewport: { width: number; height: number }
  touch: boolean
  /** The served control to press. */
  served: string
  /** The part it lives in. */
  part: string
  /** What shows the answer. */
  answer: string
  /** Typing instead of a press. */
  type?: string
}

const CASES: PressCase[] = [
  {
    name: 'panel button (Beverages, 1440 px)',
    viewport: { width: 1440, height: 900 },
    touch: false,
    served: 'button[data-replay="nav:BeveragesBarComponent"]',
    part: 'header.nav',
    answer:
      'button[data-replay="nav:BeveragesBarComponent"]:not([data-replay-pending])[aria-expanded="true"]',
  },
  {
    name: 'account control (Log In, 1440 px)',
    viewport: { width: 1440, height: 900 },
    touch: false,
    served: '[data-testid="account-button"]',
    part: 'header.account',
    answer: 'button[data-testid="account-button"][aria-expanded="true"]',
  },
  {
    name: 'menu button (390 px, touch)',
    viewport: { width: 390, height: 844 },
    touch: true,
    served: 'button[data-replay="mobileMenu"]',
    part: 'header.mobileMenu',
    answer: 'button[data-replay="mobileMenu"]:not([data-replay-pending])[aria-expanded="true"]',
  },
  {
    name: 'typing "cold" in search (1440 px)',
    viewport: { width: 1440, height: 900 },
    touch: false,
    served: '#oneHeaderContainer input[type="search"]',
    part: 'header.search',
    answer: '[role="listbox"]',
    type: 'cold',
  },
]

/** Watches, from the document's start, for each part going live and for the answer. */
function watchAnswers(answer: string) {
  const w = window as unknown as {
    __partLive: Record<string, number>
    __answerAt?: number
    __pressAt?: number
  }
  w.__partLive = {}
  new MutationObserver(() => {
    const now = performance.now()
    for (const part of document.querySelectorAll('[data-part][data-live]')) {
      const name = part.getAttribute('data-part') ?? ''
      w.__partLive[name] ??= now
    }
    if (w.__answerAt === undefined && document.querySelector(answer)) w.__answerAt = now
  }).observe(document, { subtree: true, childList: true, attributes: true })
}

export async function benchPresses(
  browser: Browser,
  url: string,
  cpuSlowdown: number,
  runs = Number(process.env.BENCH_PRESS_RUNS ?? 5),
): Promise<Record<string, PressResult>> {
  const results: Record<string, PressResult> = {}
  for (const c of CASES) {
    const result: PressResult = {
      runs,
      answeredOnce: 0,
      recorded: 0,
      pressToAnswerMs: [],
      liveToAnswerMs: [],
    }
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext({ viewport: c.viewport, hasTouch: c.touch, isMobile: c.touch })
      await context.addInitScript(watchAnswers, c.answer)
      const page = await context.newPage()
      const cdp = await context.newCDPSession(page)
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown })
      await page.goto(url, { waitUntil: 'commit' })
      const control = page.locator(c.served).first()
      await control.waitFor({ state: 'visible', timeout: 30_000 })
      // The part may go live just then, replacing the control: ask again for the one now there.
      let box = await control.boundingBox()
      for (let tries = 0; !box && tries < 5; tries++) box = await control.boundingBox()
      if (!box) throw new Error(`${c.name}: the served control has no box`)
      const pressAt = (await page.evaluate(() => performance.now())) as number
      const [x, y] = [box.x + box.width / 2, box.y + box.height / 2]
      if (c.touch) await page.touchscreen.tap(x, y)
      else await page.mouse.click(x, y)
      if (c.type) await page.keyboard.type(c.type)
      await page
        .waitForFunction(
          () => (window as unknown as { __answerAt?: number }).__answerAt !== undefined,
          null,
          {
            timeout: 30_000,
            polling: 50,
          },
        )
        .catch(async (error: unknown) => {
          const queue = await page.evaluate(() =>
            JSON.stringify({
              presses: (window as { __oneHeaderPresses?: unknown }).__oneHeaderPresses,
              box: document
                .querySelector('#oneHeaderContainer [data-part="header.search"]')
                ?.innerHTML.slice(0, 1500),
              focus: document.activeElement?.outerHTML.slice(0, 200),
            }),
          )
          throw new Error(`${c.name}: not answered (presses ${queue}): ${String(error)}`)
        })
      await page.waitForTimeout(500)
      const state = await page.evaluate(
        ({ answer, part, typed }) => {
          const w = window as unknown as {
            __partLive: Record<string, number>
            __answerAt: number
            __oneHeaderPresses?: { done: boolean }[]
          }
          const queue = w.__oneHeaderPresses ?? []
          const box = document.querySelector<HTMLInputElement>('#oneHeaderContainer input[role="combobox"]')
          return {
            stillAnswered: document.querySelectorAll(answer).length === 1,
            textKept: typed ? box?.value === typed : true,
            recorded: queue.length,
            allDone: queue.every((p) => p.done),
            answerAt: w.__answerAt,
            liveAt: w.__partLive[part],
          }
        },
        { answer: c.answer, part: c.part, typed: c.type },
      )
      if (state.stillAnswered && state.textKept && state.allDone && state.recorded <= 1) result.answeredOnce++
      if (state.recorded > 0) result.recorded++
      result.pressToAnswerMs.push(Math.round(state.answerAt - pressAt))
      if (state.liveAt !== undefined) result.liveToAnswerMs.push(Math.round(state.answerAt - state.liveAt))
      await cdp.detach()
      await context.close()
    }
    results[c.name] = result
  }
  return results
}
