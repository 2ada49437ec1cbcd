import axe from 'axe-core'
import { expect } from 'vitest'

/**
 * Runs axe-core on `root` in jsdom. Colour contrast needs layout (checked in the browser tests), and
 * `region` is about the whole page. Floating UI's focus guards are left out: jsdom reports Apple as
 * its vendor, so they take Safari's role=button (a VoiceOver aid) and look like unnamed buttons.
 */
export async function expectNoAxeViolations(root: Element = document.body) {
  const result = await axe.run(
    { include: [root], exclude: [['[data-floating-ui-focus-guard]']] } as unknown as axe.ElementContext,
    { rules: { region: { enabled: false }, 'color-contrast': { enabled: false } } },
  )
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([])
}
