import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { flyoutFor } from './panelModel'

type FlyoutItem = Parameters<typeof flyoutFor>[1] extends readonly (infer I)[] | undefined ? I : never

const item = (uid: string, mode: string, extra: Partial<FlyoutItem> = {}): FlyoutItem => ({
  componentId: uid,
  mode,
  linkName: uid,
  linkUrl: `/c/${uid.toLowerCase()}`,
  section: 'body',
  visible: 'true',
  ...extra,
})

describe('flyout panel content (nav spec §2)', () => {
  it('groups body items under the section header they name, in CMS order; the header is a link or a caption', () => {
    const flyout = flyoutFor('BeveragesBarComponent', [
      item('Coffee', 'SECTION_HEADER_LINK'),
      item('Pods', 'LARGE_IMPORTANCE', { linkComponentId: 'Coffee' }),
      item('More', 'SECTION_HEADER_NOLINK'),
      item('Tea', 'LOW_IMPORTANCE', { linkComponentId: 'More' }),
      item('Decaf', 'MEDIUM_IMPORTANCE', { linkComponentId: 'Coffee' }),
      item('Loose', 'LOW_IMPORTANCE'),
    ])
    expect(flyout?.side).toBe('left')
    expect(flyout?.body).toEqual([
      { uid: 'BeveragesBarComponent-body', links: [{ uid: 'Loose', name: 'Loose', url: '/c/loose' }] },
      {
        uid: 'Coffee',
        heading: { name: 'Coffee', url: '/c/coffee' },
        links: [
          { uid: 'Pods', name: 'Pods', url: '/c/pods' },
          { uid: 'Decaf', name: 'Decaf', url: '/c/decaf' },
        ],
      },
      { uid: 'More', heading: { name: 'More' }, links: [{ uid: 'Tea', name: 'Tea', url: '/c/tea' }] },
    ])
    expect(flyout?.sideBar).toEqual([])
    expect(flyout?.footer).toEqual([])
  })

  it('keeps sidebar and footer apart; a footer header link is one of its links', () => {
    const flyout = flyoutFor('X', [
      item('Brand', 'SECTION_HEADER_LINK', { section: 'sideBar' }),
      item('Brewco', 'LOW_IMPORTANCE', { section: 'sideBar', linkComponentId: 'Brand' }),
      item('All', 'SECTION_HEADER_LINK', { section: 'footer' }),
      item('AutoDelivery', 'PROMO', { section: 'footer' }),
    ])
    expect(flyout?.body).toEqual([])
    expect(flyout?.sideBar.map((g) => [g.heading?.name, g.links.map((l) => l.uid)])).toEqual([
      ['Brand', ['Brewco']],
    ])
    expect(flyout?.footer.map((l) => l.uid)).toEqual(['All', 'AutoDelivery'])
  })

  it('opens on the right for recipes and sustainability only', () => {
    const links = [item('A', 'LOW_IMPORTANCE')]
    expect(flyoutFor('RecipeBarComponent', links)?.side).toBe('right')
    expect(flyoutFor('SustainabilityBarComponent', links)?.side).toBe('right')
    expect(flyoutFor('HotBrewersBarComponent', links)?.side).toBe('left')
  })

  it('leaves out hidden items, NOBO links, unknown modes, empty captions and links off this site', () => {
    const flyout = flyoutFor('X', [
      item('Hidden', 'LOW_IMPORTANCE', { visible: 'false' }),
      item('Agent', 'NOBO'),
      item('Odd', 'SPARKLY'),
      item('Js', 'LOW_IMPORTANCE', { linkUrl: 'javascript:alert(1)' }),
      item('Away', 'LOW_IMPORTANCE', { linkUrl: '//evil.example/x' }),
      item('Nameless', 'LOW_IMPORTANCE', { linkName: '  ' }),
      item('Empty', 'SECTION_HEADER_NOLINK'),
      item('Kept', 'LOW_IMPORTANCE'),
    ])
    expect(flyout?.body).toEqual([{ uid: 'X-body', links: [{ uid: 'Kept', name: 'Kept', url: '/c/kept' }] }])
  })

  it('is no panel at all without a link (the item stays a plain link)', () => {
    expect(flyoutFor('X', undefined)).toBeUndefined()
    expect(flyoutFor('X', [])).toBeUndefined()
    expect(flyoutFor('X', [item('Caption', 'SECTION_HEADER_NOLINK')])).toBeUndefined()
  })

  it('every link it draws is a visible item’s, on this site, and drawn once (property)', () => {
    const anyItem = fc.record({
      componentId: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f'),
      mode: fc.constantFrom(
        'SECTION_HEADER_LINK',
        'SECTION_HEADER_NOLINK',
        'LOW_IMPORTANCE',
        'PROMO',
        'NOBO',
        'X',
      ),
      linkName: fc.string(),
      linkUrl: fc.option(fc.oneof(fc.constant('/c/x'), fc.constant('//evil'), fc.string()), {
        nil: undefined,
      }),
      section: fc.constantFrom<FlyoutItem['section']>('body', 'sideBar', 'footer'),
      linkComponentId: fc.option(fc.constantFrom('a', 'b', 'z'), { nil: undefined }),
      visible: fc.constantFrom('true', 'false'),
    })
    fc.assert(
      fc.property(fc.uniqueArray(anyItem, { selector: (i) => i.componentId, maxLength: 6 }), (items) => {
        const flyout = flyoutFor('X', items)
        if (!flyout) return
        const links = [
          ...[...flyout.body, ...flyout.sideBar].flatMap((g) => [
            ...(g.heading?.url ? [{ uid: g.uid, url: g.heading.url }] : []),
            ...g.links,
          ]),
          ...flyout.footer,
        ]
        for (const link of links) {
          const source = items.find((i) => i.componentId === link.uid)
          expect(source?.visible).toBe('true')
          expect(link.url.startsWith('/') && !link.url.startsWith('//')).toBe(true)
        }
        expect(new Set(links.map((l) => l.uid)).size).toBe(links.length)
      }),
    )
  })
})
