// @vitest-environment jsdom
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { definePlugin } from '../../kernel/plugin/definePlugin'
import { createAnalyticsKernel } from '../../test/analyticsKernel'
import {
  isQuizPath,
  NAV_CARDS,
  navAnalytics,
  navigationTags,
  STARTER_KIT_OFFERS,
  starterKitOfferOf,
} from './analytics'
import type { NavLinkClick } from './events'

/** What the tag manager receives (utag.link) for one `nav:linkClicked` the nav plugin emitted. */
function tagsFor(click: NavLinkClick) {
  const { kernel, pushed, faults, links } = createAnalyticsKernel([
    definePlugin({ id: 'nav', analytics: navAnalytics }),
  ])
  kernel.bus.emit('nav:linkClicked', click, 'nav')
  expect(faults).toEqual([])
  expect(pushed.every((p) => p.pluginId === 'nav' && p.correlationId === 'test-correlation-id')).toBe(true)
  expect(links()).toEqual(pushed.map((p) => p.payload))
  return pushed.map((p) => p.payload)
}

const topLevel: NavLinkClick = {
  location: 'top nav',
  componentId: 'BeveragesBarComponent',
  text: 'Beverages',
  path: '/c/beverages',
  clickType: 'text',
}

describe('internal_navigation (nav spec §7)', () => {
  it('a top-level item: nav_location top nav, its text, path and click type', () => {
    expect(tagsFor(topLevel)).toEqual([
      {
        event: 'internal_navigation',
        nav_location: 'top nav',
        click_text: 'Beverages',
        click_path: '/c/beverages',
        click_type: 'text',
      },
    ])
  })

  it('a panel link in the sidebar, an icon, with a query: the section as nav_location, query kept', () => {
    const tags = tagsFor({
      location: 'sidebar',
      componentId: 'CoffeeFinder',
      header: 'More drinks',
      text: 'Coffee finder',
      path: '/c/coffee?sort=new',
      clickType: 'icon',
    })
    expect(tags).toEqual([
      {
        event: 'internal_navigation',
        nav_location: 'sidebar',
        click_text: 'Coffee finder',
        click_path: '/c/coffee?sort=new',
        click_type: 'icon',
      },
    ])
  })

  it('the Deal-of-the-Day header link reports its header name, not the link text', () => {
    const tags = tagsFor({
      location: 'sub nav',
      componentId: 'DealOfTheDayHeaderComponent',
      header: 'Deal of the Day',
      text: 'Shop today’s deal',
      path: '/brewco-deals',
      clickType: 'text',
    })
    expect(tags).toEqual([
      {
        event: 'internal_navigation',
        nav_location: 'sub nav',
        click_text: 'Deal of the Day',
        click_path: '/brewco-deals',
        click_type: 'text',
      },
    ])
  })

  it('any other link under a header keeps its own text', () => {
    const tags = tagsFor({ ...topLevel, location: 'sub nav', componentId: 'Pods', header: 'Deal of the Day' })
    expect(tags[0]?.click_text).toBe('Beverages')
  })
})

describe('perfect-cup quiz (nav spec §7: extra event)', () => {
  it('a link to /quiz: internal_navigation, then perfect_cup_quiz_start', () => {
    const tags = tagsFor({
      location: 'footer',
      componentId: 'Quiz',
      text: 'Take the quiz',
      path: '/quiz',
      clickType: 'text',
    })
    expect(tags).toEqual([
      {
        event: 'internal_navigation',
        nav_location: 'footer',
        click_text: 'Take the quiz',
        click_path: '/quiz',
        click_type: 'text',
      },
      { event: 'perfect_cup_quiz_start', nav_location: 'footer', click_path: '/quiz' },
    ])
  })

  it('the French quiz, with a trailing slash or a query, is the quiz; lookalikes are not', () => {
    for (const path of ['/quiz', '/fr/quiz', '/quiz/', '/quiz?from=nav', '/fr/quiz/?a=1'])
      expect(isQuizPath(path)).toBe(true)
    for (const path of ['/quizzes', '/coffeemakerquiz', '/c/quiz', '/fr/c/quiz', '', '/', '/quiz/results'])
      expect(isQuizPath(path)).toBe(false)
  })
})

describe('starter kit (nav spec §7: extra event with openedKSK)', () => {
  it.each(STARTER_KIT_OFFERS)(
    'openedKSK=%s on the starter-kit page: starter_kit_offer carries it',
    (offer) => {
      const tags = tagsFor({
        location: 'sub nav',
        componentId: 'StarterKitDetail',
        text: 'Get the kit',
        path: `/brewco-starter-kit?openedKSK=${offer}`,
        clickType: 'text',
      })
      expect(tags).toEqual([
        {
          event: 'internal_navigation',
          nav_location: 'sub nav',
          click_text: 'Get the kit',
          click_path: `/brewco-starter-kit?openedKSK=${offer}`,
          click_type: 'text',
        },
        {
          event: 'starter_kit_offer',
          openedKSK: offer,
          nav_location: 'sub nav',
          click_path: `/brewco-starter-kit?openedKSK=${offer}`,
        },
      ])
    },
  )

  it('the page in French and under any brand slug, among other parameters', () => {
    expect(starterKitOfferOf('/fr/trousse-de-demarrage-brewco?openedKSK=FREEBREWER')).toBe('FREEBREWER')
    expect(starterKitOfferOf('/brewer-starter-kit?x=1&openedKSK=KSKBBAD')).toBe('KSKBBAD')
    expect(starterKitOfferOf('/brewco-starter-kit/?openedKSK=FIFTYPERCENTBREWER')).toBe('FIFTYPERCENTBREWER')
  })

  it('the offer on another page, or the page without an offer: no extra event', () => {
    expect(starterKitOfferOf('/c/brewers?openedKSK=KSKBBAD')).toBeUndefined()
    expect(starterKitOfferOf('/brewco-starter-kit')).toBeUndefined()
    expect(starterKitOfferOf('/brewco-starter-kit?openedksk=KSKBBAD')).toBeUndefined()
    expect(starterKitOfferOf('/Brewco-starter-kit?openedKSK=KSKBBAD')).toBeUndefined()
    expect(
      tagsFor({ ...topLevel, path: '/brewco-starter-kit?openedKSK=kskbbad' }).map((t) => t.event),
    ).toEqual(['internal_navigation'])
  })

  it('property: any openedKSK value other than the three raises no extra event', () => {
    fc.assert(
      fc.property(
        fc.string().filter((v) => !(STARTER_KIT_OFFERS as readonly string[]).includes(v)),
        fc.constantFrom('/brewco-starter-kit', '/fr/trousse-de-demarrage-brewco', '/brewer-starter-kit'),
        (value, page) => {
          const path = `${page}?openedKSK=${encodeURIComponent(value)}`
          expect(starterKitOfferOf(path)).toBeUndefined()
          expect(navigationTags({ ...topLevel, path }).map((t) => t.event)).toEqual(['internal_navigation'])
        },
      ),
    )
  })

  it('property: each of the three on the page of any brand slug raises exactly one extra event', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...STARTER_KIT_OFFERS),
        fc.stringMatching(/^[a-z0-9]+(-[a-z0-9]+)*$/),
        fc.boolean(),
        (offer, slug, french) => {
          const page = french ? `/fr/trousse-de-demarrage-${slug}` : `/${slug}-starter-kit`
          const tags = navigationTags({ ...topLevel, path: `${page}?openedKSK=${offer}` })
          expect(tags.filter((t) => t.event === 'starter_kit_offer')).toEqual([
            {
              event: 'starter_kit_offer',
              openedKSK: offer,
              nav_location: 'top nav',
              click_path: `${page}?openedKSK=${offer}`,
            },
          ])
        },
      ),
    )
  })
})

describe('cards (nav spec §7: navigation events only for their own component ids)', () => {
  it.each([
    ['NavSustainabilityCardComponent', 'sustainability'],
    ['NavStarterKitCardComponent', 'starter kit'],
    ['NavAutoDeliveryCardComponent', 'auto delivery'],
    ['NavSmartFamilyCardComponent', 'smart family'],
  ])('%s: internal_navigation, then nav_card_click named %s', (componentId, name) => {
    const tags = tagsFor({
      location: 'footer',
      componentId,
      text: 'Learn more',
      path: '/lp/smart-family',
      clickType: 'icon',
    })
    expect(tags).toEqual([
      {
        event: 'internal_navigation',
        nav_location: 'footer',
        click_text: 'Learn more',
        click_path: '/lp/smart-family',
        click_type: 'icon',
      },
      {
        event: 'nav_card_click',
        card_name: name,
        card_id: componentId,
        nav_location: 'footer',
        click_path: '/lp/smart-family',
      },
    ])
  })

  it('property: a card with any other id (prototype names included) raises only internal_navigation', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.constantFrom(
            'constructor',
            '__proto__',
            'toString',
            'navSustainabilityCardComponent',
            'NavRecipeCardComponent',
          ),
          fc.constantFrom(...NAV_CARDS.keys()).map((id) => `${id} `),
        ),
        (componentId) => {
          fc.pre(!NAV_CARDS.has(componentId))
          expect(navigationTags({ ...topLevel, componentId }).map((t) => t.event)).toEqual([
            'internal_navigation',
          ])
        },
      ),
    )
  })

  it('a starter-kit card linking to an offer on the starter-kit page raises all three', () => {
    const tags = navigationTags({
      ...topLevel,
      componentId: 'NavStarterKitCardComponent',
      path: '/brewco-starter-kit?openedKSK=FREEBREWER',
    })
    expect(tags.map((t) => t.event)).toEqual(['internal_navigation', 'starter_kit_offer', 'nav_card_click'])
  })
})
