// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { NavItemData } from '../../../contracts/cms'
import { agentSessionRef } from '../../../contracts/serviceRefs'
import { definePlugin } from '../../../kernel/plugin/definePlugin'
import { KernelProvider } from '../../../kernel/react/KernelProvider'
import { provide } from '../../../kernel/services/serviceRef'
import { isSameOriginPath } from '../../../site/safePath'
import { loadCorpus } from '../../../test/corpus'
import { createTestKernel } from '../../../test/createTestKernel'
import { FlyoutPanel } from './FlyoutPanel'
import { component, item } from './panelFixtures'
import { PANEL_TEXT_FIELDS as TEXT_FIELDS, PANEL_URL_FIELDS as URL_FIELDS } from './panelItemFields'
import { MODES } from './panelItems'

const payloads = loadCorpus('xss-payloads').cases.map((c) => c.payload)
const redirects = loadCorpus('redirects')

const GOOD_TEXT = Object.fromEntries(TEXT_FIELDS.map((f) => [f, `Good ${f}`])) as Record<string, string>
GOOD_TEXT.backgroundColor = '#143d59'
GOOD_TEXT.position = '1'
const GOOD_URLS = Object.fromEntries(URL_FIELDS.map((f) => [f, `/good/${f}`]))

/** Every mode in every section where it is drawn, each under a header of its section. */
const SLOTS = [
  ...MODES.map((mode) => ({ section: 'body', mode })),
  ...['SECTION_HEADER_LINK', 'LOW_IMPORTANCE', 'ARTICLE', 'PROMO'].map((mode) => ({
    section: 'sidebar',
    mode,
  })),
  ...[
    'SECTION_HEADER_LINK',
    'LARGE_IMPORTANCE',
    'MEDIUM_IMPORTANCE',
    'PROMO',
    'ARTICLE',
    'LOW_IMPORTANCE',
  ].map((mode) => ({ section: 'footer', mode })),
]

/**
 * The panel's items with `fieldsOf(n)` laid over good values in the n-th one. Every item is drawn
 * (one per mode and section), so a field given the n-th value of a list in the n-th item takes the
 * list `SLOTS.length` values at a time.
 */
function itemsWith(fieldsOf: (n: number) => Partial<NavItemData>) {
  return SLOTS.map(({ section, mode }, n) =>
    item(`${section}-${mode}`, mode, {
      ...GOOD_TEXT,
      ...GOOD_URLS,
      ...fieldsOf(n),
      section,
      ...(mode.startsWith('SECTION_HEADER') ? {} : { linkComponentId: `${section}-SECTION_HEADER_LINK` }),
    }),
  )
}

const auth = definePlugin({ id: 'auth', services: [provide(agentSessionRef, {}, () => () => true)] })

function renderItems(layout: string, items: NavItemData[]) {
  const { kernel } = createTestKernel([auth])
  render(
    <KernelProvider kernel={kernel}>
      <FlyoutPanel
        uid="Xss"
        name="Menu"
        component={component(layout, items)}
        back="Back to"
        closing={false}
        onBack={() => {}}
      />
    </KernelProvider>,
  )
  return document.getElementById('oh-flyout-Xss')
}

/** Renders the values `list` in the fields `fields`, SLOTS.length at a time, until each field had each. */
function eachValueIn(
  layout: string,
  fields: readonly string[],
  list: readonly string[],
  check: (panel: HTMLElement | null, values: string[]) => void,
) {
  for (let start = 0; start < list.length; start += SLOTS.length) {
    const values: string[] = []
    const panel = renderItems(
      layout,
      itemsWith((n) => {
        const value = list[(start + n) % list.length] ?? ''
        values.push(value)
        return Object.fromEntries(fields.map((f) => [f, value]))
      }),
    )
    check(panel, values)
    cleanup()
  }
}

const FORBIDDEN =
  'script, style, iframe, frame, object, embed, svg, math, form, input, textarea, select, option, link, meta, base, template, noscript, a a'
const INLINE = new Set(['B', 'STRONG', 'EM', 'I', 'MARK', 'SUP', 'SUB'])

/** What must hold of a panel whatever the CMS sent. */
function expectInert(panel: HTMLElement) {
  expect(panel.querySelectorAll(FORBIDDEN).length).toBe(0)
  // The back button is the panel's own; nothing else is a button element.
  expect(panel.querySelectorAll('button').length).toBe(1)
  for (const el of panel.querySelectorAll('*')) {
    for (const attr of el.attributes) {
      expect(attr.name.startsWith('on'), `${el.tagName} ${attr.name}`).toBe(false)
      if (attr.name === 'href' || attr.name === 'src')
        expect(isSameOriginPath(attr.value), `${el.tagName} ${attr.name}=${attr.value}`).toBe(true)
      if (attr.name === 'style') expect(attr.value).toMatch(/^background-color: rgb\(\d+, \d+, \d+\);$/)
      expect(['action', 'formaction', 'xlink:href', 'srcset', 'srcdoc']).not.toContain(attr.name)
    }
  }
  // Inside a link, CMS markup is emphasis only (never another link, a picture or a block).
  for (const a of panel.querySelectorAll('a')) {
    for (const el of a.querySelectorAll('*')) {
      const ours = el.tagName === 'IMG' || (el.tagName === 'SPAN' && el.hasAttribute('class'))
      expect(ours || INLINE.has(el.tagName), `${el.tagName} in a link`).toBe(true)
    }
  }
}

afterEach(cleanup)

// A hostile name or link drops its card, and with it the card's other fields: so the name and the
// link take the corpus in a pass of their own, the other fields all together with good ones.
const [NAME, ...OTHER_TEXT] = TEXT_FIELDS
const [LINK, ...OTHER_URLS] = URL_FIELDS
const SLOW = { timeout: 120_000 }

describe('the XSS corpus in every text field of every mode and section (nav spec §3: text is sanitised)', () => {
  // Recipe: its articles, large list and in-body footer draw cards of every section.
  for (const layout of ['RecipeBarComponent']) {
    it(
      `${layout}: ${payloads.length} vectors in every text field but the name, every card drawn and inert`,
      SLOW,
      () => {
        eachValueIn(layout, OTHER_TEXT, payloads, (panel) => {
          expect(panel).not.toBeNull()
          expectInert(panel as HTMLElement)
        })
      },
    )
  }

  it(`${payloads.length} vectors as names stay inert`, SLOW, () => {
    eachValueIn('RecipeBarComponent', [NAME], payloads, (panel) => {
      if (panel) expectInert(panel)
    })
  })
})

describe('the XSS and redirect corpora in every URL field (nav spec §3: same-origin links only)', () => {
  const hostile = [...payloads, ...redirects.offsite].filter((p) => !isSameOriginPath(p.trim()))
  const neverUsed = (panel: HTMLElement | null, values: string[]) => {
    const used = [...(panel?.querySelectorAll('[href], [src]') ?? [])].map(
      (el) => el.getAttribute('href') ?? el.getAttribute('src'),
    )
    for (const value of values) expect(used).not.toContain(value)
  }

  it('every URL field hostile at once: nothing to follow, so no panel at all', () => {
    eachValueIn('RecipeBarComponent', URL_FIELDS, hostile, (panel) => {
      expect(panel).toBeNull()
    })
  })

  it(
    `${hostile.length} addresses in every URL field but the link: the cards stay, the addresses are never a link, a button or a picture`,
    SLOW,
    () => {
      eachValueIn('StarterKitBarComponent', OTHER_URLS, hostile, (panel, values) => {
        expect(panel).not.toBeNull()
        expectInert(panel as HTMLElement)
        neverUsed(panel, values)
      })
    },
  )

  it(
    `${hostile.length} addresses as the link: never followed (articles and product details fall back to their button)`,
    SLOW,
    () => {
      eachValueIn('StarterKitBarComponent', [LINK], hostile, (panel, values) => {
        if (panel) expectInert(panel)
        neverUsed(panel, values)
      })
    },
  )

  it('the same-origin addresses of the corpus are kept', () => {
    const onsite = redirects.onsite.filter((p) => isSameOriginPath(p))
    expect(onsite.length).toBeGreaterThan(0)
    eachValueIn('RecipeBarComponent', ['linkUrl'], onsite, (panel) => {
      const hrefs = [...(panel as HTMLElement).querySelectorAll('a')].map((a) => a.getAttribute('href'))
      for (const path of onsite) expect(hrefs).toContain(path)
    })
  })
})
