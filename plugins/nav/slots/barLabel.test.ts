import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { splitAtMiddleSpace } from './NavBarView'

describe('a category name on two lines', () => {
  it('cuts at the space nearest the middle', () => {
    expect(splitAtMiddleSpace('Trousses de démarrage')).toEqual(['Trousses de', 'démarrage'])
    expect(splitAtMiddleSpace('Développement durable')).toEqual(['Développement', 'durable'])
    expect(splitAtMiddleSpace('Starter Kits')).toEqual(['Starter', 'Kits'])
    expect(splitAtMiddleSpace('Business Solutions')).toEqual(['Business', 'Solutions'])
  })

  it('leaves a name of one word whole', () => {
    expect(splitAtMiddleSpace('Sustainability')).toEqual(['Sustainability'])
    expect(splitAtMiddleSpace('  Deals ')).toEqual(['  Deals '])
  })

  it('loses no word and no letter, and no space is nearer the middle than the cut', () => {
    const word = fc.stringMatching(/^[A-Za-zÀ-ÿ’&-]{1,14}$/)
    fc.assert(
      fc.property(fc.array(word, { minLength: 2, maxLength: 5 }), (words) => {
        const name = words.join(' ')
        const [first, rest] = splitAtMiddleSpace(name)
        expect(`${first} ${rest}`).toBe(name)
        const cut = first.length
        for (let i = 0; i < name.length; i++)
          if (name[i] === ' ')
            expect(Math.abs(cut - name.length / 2)).toBeLessThanOrEqual(Math.abs(i - name.length / 2))
      }),
    )
  })
})
