import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { CmsComponentSchema, NavComponentSchema } from './cms'
import { labelsFrom } from './labels'

const NBSP = '\u00a0'

describe('French typography on what the CMS sends (labels and CMS text alike)', () => {
  it('labels: a space before : ; ! ? and inside « » does not break', () => {
    const labels = labelsFrom([
      { key: 'header.greeting', value: 'Nouveau ici ?' },
      { key: 'header.quote', value: 'Essayez « Cold brew » : 15 % de rabais' },
    ])
    expect(labels['header.greeting']).toBe(`Nouveau ici${NBSP}?`)
    expect(labels['header.quote']).toBe(`Essayez «${NBSP}Cold brew${NBSP}»${NBSP}: 15 % de rabais`)
  })

  it('a CMS paragraph, its markup untouched', () => {
    const paragraph = v.parse(CmsComponentSchema, {
      typeCode: 'CMSParagraphComponent',
      uid: 'p',
      content: '<p><a href="https://x.example/?q=a">Découvrez la cafetière K-Classic™ : une tasse</a></p>',
    })
    expect(paragraph.content).toBe(
      `<p><a href="https://x.example/?q=a">Découvrez la cafetière K-Classic™${NBSP}: une tasse</a></p>`,
    )
  })

  it('navigation texts: item names, card labels and descriptions', () => {
    const nav = v.parse(NavComponentSchema, {
      uid: 'Sustainability',
      linkName: 'Durabilité ?',
      nextGenNavComponents: [
        {
          componentId: 'SusPromo',
          mode: 'PROMO',
          linkName: 'Nos objectifs 2030',
          label2: 'Nos objectifs 2030 : emballages, eau et fermes',
          primaryDescription: 'Prêt ? Allons-y !',
        },
      ],
    })
    expect(nav.linkName).toBe(`Durabilité${NBSP}?`)
    expect(nav.nextGenNavComponents?.[0]?.label2).toBe(`Nos objectifs 2030${NBSP}: emballages, eau et fermes`)
    expect(nav.nextGenNavComponents?.[0]?.primaryDescription).toBe(`Prêt${NBSP}? Allons-y${NBSP}!`)
  })
})
