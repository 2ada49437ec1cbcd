import { describe, expect, it } from 'vitest'
import { SLOT_GLOBAL_NOTIFICATION, SLOT_HEADER_PROMO } from './cms'
import { headerPageFor, withPageHeaderSlots } from './pageHeaderContent'

const slot = (position: string, uid: string, visible = 'true') => ({
  position,
  components: { component: [{ typeCode: 'CMSParagraphComponent', uid, visible }] },
})

describe('page-specific header content (cms/pages home and search page)', () => {
  it('the home and search pages, in either language, have their own CMS page; others do not', () => {
    expect(headerPageFor('/')).toBe('homepage')
    expect(headerPageFor('/fr/accueil')).toBe('homepage')
    expect(headerPageFor('/search')).toBe('search')
    expect(headerPageFor('/fr/recherche')).toBe('search')
    expect(headerPageFor('/c/coffee')).toBeUndefined()
    expect(headerPageFor('/searching')).toBeUndefined()
  })

  it("a row the page fills replaces the header page's; empty or hidden page rows leave it; other slots are kept", () => {
    const header = [
      slot(SLOT_GLOBAL_NOTIFICATION, 'note'),
      slot(SLOT_HEADER_PROMO, 'promo'),
      slot('Other', 'x'),
    ]
    expect(
      withPageHeaderSlots(header, [slot(SLOT_HEADER_PROMO, 'home-promo')]).map(
        (s) => s.components.component[0]?.uid,
      ),
    ).toEqual(['note', 'home-promo', 'x'])
    expect(withPageHeaderSlots(header, [slot(SLOT_HEADER_PROMO, 'hidden', 'false')])).toEqual(header)
    expect(withPageHeaderSlots(header, [slot('Other', 'page-other')])).toEqual(header)
    // A row only the page has is added.
    expect(
      withPageHeaderSlots(
        [slot(SLOT_GLOBAL_NOTIFICATION, 'note')],
        [slot(SLOT_HEADER_PROMO, 'home-promo')],
      ).map((s) => s.position),
    ).toEqual([SLOT_GLOBAL_NOTIFICATION, SLOT_HEADER_PROMO])
  })
})
