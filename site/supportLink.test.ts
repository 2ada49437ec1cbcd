import { describe, expect, it } from 'vitest'
import { SUPPORT_LINK_UID, type SupportLinkEntry, type SupportLinkLabels, supportLink } from './supportLink'

const nav = (entry: SupportLinkEntry): SupportLinkEntry[] => [
  { uid: 'Deals', linkName: 'Deals', url: '/deals' },
  { uid: SUPPORT_LINK_UID, ...entry },
]

/** The labels' own fallbacks (contracts/labels.ts), with `entries` over them. */
const labelsFrom = (entries: { key: keyof SupportLinkLabels; value: string }[] = []): SupportLinkLabels => ({
  'header.support.label': 'Support',
  'header.support.default.url': '/content/contact-us',
  ...Object.fromEntries(entries.map((e) => [e.key, e.value])),
})

describe('support link (header spec §2)', () => {
  const labels = labelsFrom([])

  it('takes caption and url from the navigation entry, its link first', () => {
    expect(supportLink(nav({ linkName: 'Help', url: '/help' }), labels)).toEqual({
      caption: 'Help',
      url: '/help',
    })
    expect(
      supportLink(
        nav({ linkName: 'Help', url: '/help', link: { linkName: 'Contact', url: '/contact' } }),
        labels,
      ),
    ).toEqual({ caption: 'Contact', url: '/contact' })
  })

  it('falls back to the header.support labels while navigation loads or has no entry', () => {
    expect(supportLink(undefined, labels)).toEqual({ caption: 'Support', url: '/content/contact-us' })
    const french = labelsFrom([
      { key: 'header.support.label', value: 'Soutien' },
      { key: 'header.support.default.url', value: '/fr/content/contact-us' },
    ])
    expect(supportLink([], french)).toEqual({ caption: 'Soutien', url: '/fr/content/contact-us' })
  })

  it('never sends the shopper off the site', () => {
    expect(supportLink(nav({ linkName: 'Help', url: '//evil.example/' }), labels).url).toBe(
      '/content/contact-us',
    )
    const offsiteLabel = labelsFrom([{ key: 'header.support.default.url', value: 'https://evil.example/' }])
    expect(supportLink(undefined, offsiteLabel).url).toBe('/content/contact-us')
  })
})
