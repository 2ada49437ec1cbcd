// @vitest-environment jsdom
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { htmlToText, sanitizeInlineHtml, superscriptMarks } from '../../../kernel/html/sanitize'
import { hasPanel, layoutIdOf } from './hasPanel'
import { ACCESSORIES, BEVERAGES, component, item, RECIPES, STARTER_KIT, TEN_LAYOUTS } from './panelFixtures'
import { menuItemsOf, type PanelItem } from './panelItems'
import { type Card, labelHtml, type PanelModel, panelModelOf, plainText } from './panelModel'

const modelOf = (c: Parameters<typeof menuItemsOf>[0]) => panelModelOf(layoutIdOf(c), menuItemsOf(c))
const uids = (cards: readonly Card[] | undefined) => (cards ?? []).map((c) => c.uid)
const body = (model: PanelModel | undefined) =>
  model?.body.map((g) => [g.heading?.name ?? null, uids(g.cards)])
const placed = (section: PanelItem['section']) => (i: ReturnType<typeof item>) => ({ ...i, section })

describe('panel model: grouping (nav spec §2)', () => {
  it('the ten components choose their ten layouts; recipe and sustainability open on the right', () => {
    expect(TEN_LAYOUTS.map(([c]) => [modelOf(c)?.layout, modelOf(c)?.side])).toEqual(
      TEN_LAYOUTS.map(([, layout]) => [
        layout,
        layout === 'recipe' || layout === 'sustainability' ? 'right' : 'left',
      ]),
    )
  })

  it('beverage: per section header, its cards by importance (large, medium, low), in CMS order within each', () => {
    expect(body(modelOf(BEVERAGES))).toEqual([
      ['Coffee', ['Pods', 'Bagged', 'Brewco', 'Light']],
      ['More drinks', ['Cocoa', 'Tea']],
    ])
    const coffee = modelOf(BEVERAGES)?.body[0]
    expect(coffee?.heading).toEqual({ uid: 'CoffeeHeader', name: 'Coffee', url: '/c/coffee' })
    expect(coffee?.cards.map((c) => c.header)).toEqual(['Coffee', 'Coffee', 'Coffee', 'Coffee'])
  })

  it('other layouts keep CMS order; items naming no header (or one of another section) lead their section', () => {
    const model = panelModelOf('SomethingNew', [
      placed('body')(item('H', 'SECTION_HEADER_NOLINK', { linkName: 'Head' })),
      placed('body')(item('A', 'LOW_IMPORTANCE', { linkComponentId: 'H' })),
      placed('body')(item('B', 'LARGE_IMPORTANCE', { linkComponentId: 'H' })),
      placed('body')(item('Loose', 'LOW_IMPORTANCE', { linkComponentId: 'SideH' })),
      placed('sideBar')(item('SideH', 'SECTION_HEADER_LINK', { linkName: 'Side' })),
    ])
    expect(model?.layout).toBe('generic')
    expect(body(model)).toEqual([
      [null, ['Loose']],
      ['Head', ['A', 'B']],
    ])
    expect(model?.sideBar.map((g) => [g.heading?.url, g.cards.length])).toEqual([['/c/sideh', 0]])
  })

  it('recipe: header-without-link groups; in each the position-1 article first; large cards compact; the footer', () => {
    const model = modelOf(RECIPES)
    expect(body(model)).toEqual([
      [null, ['ArtMocha', 'LargeTea']],
      ['Hot coffee recipes', ['Latte']],
      ['Featured', ['ArtPumpkin', 'ArtColdBrew']],
      ['Popular', ['LargeIced']],
    ])
    const cards = model?.body.flatMap((g) => g.cards) ?? []
    expect(cards.filter((c) => c.first).map((c) => c.uid)).toEqual(['ArtPumpkin'])
    expect(cards.filter((c) => c.compact).map((c) => c.uid)).toEqual(['LargeTea', 'LargeIced'])
    expect(model?.footer?.heading?.name).toBe('Brewco Kitchen')
    expect(uids(model?.footer?.cards)).toEqual([
      'FooterPromo1',
      'FooterPromo2',
      'FooterPromo3',
      'FooterPromo4',
    ])
    expect(uids(model?.footer?.links)).toEqual(['FooterAllRecipes'])
  })

  it('position "1" leads only its own group, in the recipe layout only, one per group', () => {
    const items = [
      placed('body')(item('H', 'SECTION_HEADER_NOLINK')),
      placed('body')(item('A1', 'ARTICLE', { linkComponentId: 'H' })),
      placed('body')(item('A2', 'ARTICLE', { position: '1', linkComponentId: 'H' })),
      placed('body')(item('A3', 'ARTICLE', { position: '1', linkComponentId: 'H' })),
    ]
    const order = (layout: string) => panelModelOf(layout, items)?.body[0]?.cards.map((c) => [c.uid, c.first])
    expect(order('RecipeBarComponent')).toEqual([
      ['A2', true],
      ['A1', false],
      ['A3', false],
    ])
    expect(order('SustainabilityBarComponent')).toEqual([
      ['A1', false],
      ['A2', false],
      ['A3', false],
    ])
  })

  it('hot brewers, coffee, commercial shop, kold bar and accessories: the first body promo is the full-width promo', () => {
    for (const [c, layout] of TEN_LAYOUTS) {
      const model = modelOf(c)
      if (['hotBrewers', 'coffee', 'commercialShop', 'koldBar', 'accessories'].includes(layout)) {
        expect(model?.promo?.uid).toBe(
          `${c.uid.replace('K-Cup', '').replace('BarComponent', '').replace('New', '')}Promo`,
        )
        expect(model?.body.flatMap((g) => uids(g.cards))).not.toContain(model?.promo?.uid)
      } else expect(model?.promo).toBeUndefined()
    }
    expect(modelOf(ACCESSORIES)?.promo).toMatchObject({
      label1: '<strong>Up to 30% off</strong>',
      label2: 'This week only',
      position: 'right',
      section: 'body',
    })
  })

  it('the sidebar shows header links, low-importance links, articles and promos only', () => {
    const model = panelModelOf('X', [
      placed('sideBar')(item('S1', 'LOW_IMPORTANCE')),
      placed('sideBar')(item('S2', 'ARTICLE')),
      placed('sideBar')(item('S3', 'PROMO')),
      placed('sideBar')(item('S4', 'LARGE_IMPORTANCE')),
      placed('sideBar')(item('S5', 'MAXPRO')),
      placed('sideBar')(item('S6', 'PRODUCT_DETAIL')),
    ])
    expect(model?.sideBar.flatMap((g) => uids(g.cards))).toEqual(['S1', 'S2', 'S3'])
  })

  it('the footer: brand heading, then large, medium, promos, articles; low-importance links apart', () => {
    const model = panelModelOf('X', [
      placed('footer')(item('Low', 'LOW_IMPORTANCE')),
      placed('footer')(item('Art', 'ARTICLE')),
      placed('footer')(item('Promo', 'PROMO')),
      placed('footer')(item('Brand', 'SECTION_HEADER_LINK', { linkName: 'Brewco' })),
      placed('footer')(item('Medium', 'MEDIUM_IMPORTANCE')),
      placed('footer')(item('Large', 'LARGE_IMPORTANCE')),
      placed('footer')(item('Simple', 'PRODUCT_SIMPLE')),
    ])
    expect(model?.footer?.heading).toEqual({ uid: 'Brand', name: 'Brewco', url: '/c/brand' })
    expect(uids(model?.footer?.cards)).toEqual(['Large', 'Medium', 'Promo', 'Art'])
    expect(uids(model?.footer?.links)).toEqual(['Low'])
  })

  it('the footer is absent when empty, even with a brand heading', () => {
    const model = panelModelOf('X', [
      placed('body')(item('A', 'LOW_IMPORTANCE')),
      placed('footer')(item('Brand', 'SECTION_HEADER_LINK')),
      placed('footer')(item('Away', 'LOW_IMPORTANCE', { linkUrl: 'https://elsewhere.example/' })),
    ])
    expect(model?.footer).toBeUndefined()
  })

  it('NOBO links are kept apart for the agent bar, from any section', () => {
    const model = modelOf(BEVERAGES)
    expect(model?.nobo.map((c) => [c.uid, c.name, c.url])).toEqual([
      ['Agent', 'Place order for customer', '/nobo/order'],
    ])
    expect(model?.body.flatMap((g) => uids(g.cards))).not.toContain('Agent')
  })

  it('a header with a headerName shows it (to headerLinkUrl) and draws its own link as its first card; the deal of the day reports its headerName', () => {
    const model = panelModelOf('BeveragesBarComponent', [
      placed('body')(
        item('DealOfTheDayHeaderComponent', 'SECTION_HEADER_LINK', {
          linkName: 'Caramel pods',
          linkUrl: '/p/caramel',
          headerName: 'Deal of the Day',
          headerLinkUrl: '/deals',
          imageUrl: '/medias/nav/pods-round.svg',
        }),
      ),
      placed('body')(item('All', 'LOW_IMPORTANCE', { linkComponentId: 'DealOfTheDayHeaderComponent' })),
      placed('body')(item('Other', 'SECTION_HEADER_LINK', { linkName: 'Other' })),
    ])
    expect(model?.body.map((g) => g.heading)).toEqual([
      {
        uid: 'DealOfTheDayHeaderComponent',
        name: 'Deal of the Day',
        url: '/deals',
        analyticsName: 'Deal of the Day',
      },
      { uid: 'Other', name: 'Other', url: '/c/other' },
    ])
    expect(model?.body[0]?.cards.map((c) => [c.uid, c.mode, c.name, c.url, c.image, c.header])).toEqual([
      [
        'DealOfTheDayHeaderComponent',
        'SECTION_HEADER_LINK',
        'Caramel pods',
        '/p/caramel',
        '/medias/nav/pods-round.svg',
        'Deal of the Day',
      ],
      ['All', 'LOW_IMPORTANCE', 'All', '/c/all', undefined, 'Deal of the Day'],
    ])
  })

  it('a header may be named by headerName and headerLinkUrl instead of the link fields', () => {
    const model = panelModelOf('X', [
      placed('body')(
        item('H', 'SECTION_HEADER_LINK', {
          linkName: '',
          linkUrl: undefined,
          headerName: 'Shop',
          headerLinkUrl: '/shop',
        }),
      ),
    ])
    expect(model?.body[0]?.heading).toMatchObject({ name: 'Shop', url: '/shop' })
  })
})

describe('panel model: what is never drawn', () => {
  it('hidden items, unknown modes, items without a name or a same-origin link, and empty groups', () => {
    const model = panelModelOf('X', [
      placed('body')(item('Hidden', 'LOW_IMPORTANCE', { visible: 'false' })),
      placed('body')(item('Odd', 'SPARKLY')),
      placed('body')(item('Js', 'LOW_IMPORTANCE', { linkUrl: 'javascript:alert(1)' })),
      placed('body')(item('Away', 'LOW_IMPORTANCE', { linkUrl: '//evil.example/x' })),
      placed('body')(item('Nameless', 'LOW_IMPORTANCE', { linkName: '  <b> </b> ' })),
      placed('body')(item('Empty', 'SECTION_HEADER_NOLINK')),
      placed('body')(item('EmptyToo', 'SECTION_HEADER_NOLINK')),
      placed('body')(
        item('UnderEmpty', 'LOW_IMPORTANCE', { linkComponentId: 'EmptyToo', linkUrl: 'data:x' }),
      ),
      placed('body')(item('Kept', 'LOW_IMPORTANCE')),
    ])
    expect(body(model)).toEqual([[null, ['Kept']]])
  })

  it('is no panel at all when nothing is left to show (the item stays a plain link), agreeing with hasPanel', () => {
    expect(panelModelOf('X', undefined)).toBeUndefined()
    expect(panelModelOf('X', [])).toBeUndefined()
    expect(panelModelOf('X', [placed('body')(item('Caption', 'SECTION_HEADER_NOLINK'))])).toBeUndefined()
    const onlyNobo = component('X', [item('Agent', 'NOBO')])
    expect(modelOf(onlyNobo)).toBeUndefined()
    expect(hasPanel(onlyNobo)).toBe(false)
  })

  it('a promo may speak through its labels alone; other cards need a name', () => {
    const model = panelModelOf('X', [
      placed('body')(item('P', 'PROMO', { linkName: '', label1: 'Half off' })),
      placed('body')(item('L', 'LARGE_IMPORTANCE', { linkName: '', label1: 'Half off' })),
    ])
    expect(model?.body.flatMap((g) => uids(g.cards))).toEqual(['P'])
  })

  it('articles and product details may take their link from the primary button', () => {
    const model = panelModelOf('X', [
      placed('body')(item('A', 'ARTICLE', { linkUrl: undefined, primaryButtonLinkUrl: '/read' })),
      placed('body')(item('D', 'PRODUCT_DETAIL', { linkUrl: 'nope', primaryButtonLinkUrl: '/buy' })),
      placed('body')(item('L', 'LOW_IMPORTANCE', { linkUrl: undefined, primaryButtonLinkUrl: '/x' })),
    ])
    expect(model?.body[0]?.cards.map((c) => [c.uid, c.url])).toEqual([
      ['A', '/read'],
      ['D', '/buy'],
    ])
  })
})

describe('panel model: card fields (nav spec §2, §3)', () => {
  it('product detail: picture, label1, label2, description, primary button, secondary link, disclaimer', () => {
    expect(modelOf(STARTER_KIT)?.body[0]?.cards[0]).toEqual({
      uid: 'KitBrewer',
      mode: 'PRODUCT_DETAIL',
      section: 'body',
      name: 'Free brewer starter kit',
      url: '/brewer-starter-kit?offer=free',
      image: '/media/nav/starter-kit.png',
      label1: 'Best value',
      label2: 'Brewer <em>free</em> with 4 boxes',
      description: 'Choose 4 boxes of pods every month and the brewer is on us.',
      disclaimer: 'Auto Delivery for 4 months required.',
      primaryButton: { name: 'Start now', url: '/brewer-starter-kit?offer=free&start=1' },
      secondaryLink: { name: 'How it works', url: '/brewer-starter-kit/how-it-works' },
      position: 'left',
      first: false,
      compact: false,
    })
  })

  it('MAXPRO: the outer picture and the inner one', () => {
    const [c] = TEN_LAYOUTS.find(([, l]) => l === 'commercialShop') ?? []
    const maxPro = c && modelOf(c)?.body[0]?.cards[0]
    expect([maxPro?.image, maxPro?.innerImage]).toEqual([
      '/media/nav/maxpro-office.png',
      '/media/nav/maxpro-brewer.png',
    ])
  })

  it('names are plain text (markup and entities out); labels are inline HTML with ™ as superscript', () => {
    const [card] =
      panelModelOf('X', [
        placed('body')(
          item('P', 'PROMO', {
            linkName: '<b>Caf&eacute;</b>\n  pods',
            label1: '<p onclick="x()">Brewco™ <a href="/x">pods</a> <strong>now</strong></p>',
            label2: '<img src=x onerror=alert(1)>',
          }),
        ),
      ])?.body[0]?.cards ?? []
    expect(card?.name).toBe('Café pods')
    expect(card?.label1).toBe('Brewco<sup>™</sup> pods <strong>now</strong>')
    expect(card?.label2).toBeUndefined()
  })

  it('background colour only as a plain opaque colour, with the ink that reads on it', () => {
    const colour = (backgroundColor: string) =>
      panelModelOf('X', [placed('body')(item('P', 'PROMO', { backgroundColor }))])?.body[0]?.cards[0]?.colour
    expect(colour('#143d59')).toEqual({ background: '#143d59', ink: 'light' })
    expect(colour('#FFF')).toEqual({ background: '#ffffff', ink: 'dark' })
    expect(colour('rgb(250, 230, 200)')).toEqual({ background: '#fae6c8', ink: 'dark' })
    for (const bad of [
      'red',
      'url(x)',
      '#12345',
      'rgb(300,0,0)',
      'var(--x)',
      '#fff;color:red',
      'rgba(0,0,0,.5)',
      'expression(alert(1))',
    ])
      expect(colour(bad)).toBeUndefined()
  })

  it('image addresses follow the same-origin rule; a card keeps its link without its picture', () => {
    const [card] =
      panelModelOf('X', [
        placed('body')(
          item('M', 'MEDIUM_IMPORTANCE', { imageUrl: 'javascript:alert(1)', innerImageUrl: '//evil/x.png' }),
        ),
      ])?.body[0]?.cards ?? []
    expect(card).toMatchObject({ uid: 'M', url: '/c/m' })
    expect(card?.image).toBeUndefined()
    expect(card?.innerImage).toBeUndefined()
  })

  it('every card comes from a visible item, links only to this site, and is drawn once; hasPanel agrees (property)', () => {
    const anyItem = fc.record({
      componentId: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f'),
      mode: fc.constantFrom(
        'SECTION_HEADER_LINK',
        'SECTION_HEADER_NOLINK',
        'LOW_IMPORTANCE',
        'LARGE_IMPORTANCE',
        'PROMO',
        'ARTICLE',
        'MAXPRO',
        'NOBO',
        'X',
      ),
      linkName: fc.constantFrom('', 'Name', 'Two words'),
      linkUrl: fc.option(
        fc.constantFrom('/c/x', '//evil', 'javascript:x', 'https://evil.example/', '/ok?q=1'),
        { nil: undefined },
      ),
      section: fc.constantFrom<PanelItem['section']>('body', 'sideBar', 'footer'),
      linkComponentId: fc.option(fc.constantFrom('a', 'b', 'z'), { nil: undefined }),
      visible: fc.constantFrom('true', 'false'),
    })
    fc.assert(
      fc.property(
        fc.constantFrom('BeveragesBarComponent', 'RecipeBarComponent', 'KoldBarComponent', 'Other'),
        fc.uniqueArray(anyItem, { selector: (i) => i.componentId, maxLength: 6 }),
        (layoutId, items) => {
          const model = panelModelOf(layoutId, items)
          expect(
            hasPanel({ uid: layoutId, visible: 'true', highlighted: 'false', nextGenNavComponents: items }),
          ).toBe(model !== undefined)
          if (!model) return
          const cards = [
            ...[...model.body, ...model.sideBar].flatMap((g) => g.cards),
            ...(model.promo ? [model.promo] : []),
            ...(model.footer ? [...model.footer.cards, ...model.footer.links] : []),
            ...model.nobo,
          ]
          for (const card of cards) {
            expect(items.find((i) => i.componentId === card.uid)?.visible).toBe('true')
            expect(card.url.startsWith('/') && !card.url.startsWith('//')).toBe(true)
          }
          expect(new Set(cards.map((c) => c.uid)).size).toBe(cards.length)
        },
      ),
    )
  })
})

describe('text without markup skips the sanitiser, with the same result (property)', () => {
  const squeeze = (t: string) => t.replace(/\s+/g, ' ').trim()
  const asHtml = (html: string | undefined) => {
    const div = document.createElement('div')
    div.innerHTML = html ?? ''
    return { text: squeeze(div.textContent ?? ''), sups: div.querySelectorAll('sup').length }
  }
  it('names and labels', () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.constantFrom(
            'a',
            ' ',
            '\n',
            '\t',
            '>',
            '"',
            "'",
            '™',
            '®',
            '©',
            'é',
            '\u0000',
            '\u0001',
            '\u00a0',
            '\r',
            '\f',
            '=',
            '/',
          ),
        }),
        (text) => {
          expect(plainText(text)).toBe(squeeze(htmlToText(text)))
          const fast = labelHtml(text)
          const slow = superscriptMarks(sanitizeInlineHtml(text))
          if (squeeze(htmlToText(slow)) === '') expect(fast).toBeUndefined()
          else expect(asHtml(fast)).toEqual(asHtml(slow))
        },
      ),
    )
  })
})
