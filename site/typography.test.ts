import { describe, expect, it } from 'vitest'
import { keepPunctuationTogether, keepPunctuationTogetherInHtml } from './typography'

const NBSP = '\u00a0'

describe('French typography: punctuation never starts a line', () => {
  it('makes the space before : ; ! ? non-breaking', () => {
    expect(keepPunctuationTogether('Nos objectifs 2030 : emballages, eau et fermes')).toBe(
      `Nos objectifs 2030${NBSP}: emballages, eau et fermes`,
    )
    expect(keepPunctuationTogether('Prêt ? Allons-y ! Oui ; non')).toBe(
      `Prêt${NBSP}? Allons-y${NBSP}! Oui${NBSP}; non`,
    )
    // A narrow or thin space typed by an editor becomes the same non-breaking space.
    expect(keepPunctuationTogether('Total\u202f: 3')).toBe(`Total${NBSP}: 3`)
  })

  it('keeps guillemets with their words, adding the space inside where it is missing', () => {
    expect(keepPunctuationTogether('avec « Préférences de témoins » au bas')).toBe(
      `avec «${NBSP}Préférences de témoins${NBSP}» au bas`,
    )
    expect(keepPunctuationTogether('«Bienvenue»')).toBe(`«${NBSP}Bienvenue${NBSP}»`)
  })

  it('leaves text without such a space alone: English, times, addresses, Quebec’s ; without space', () => {
    for (const text of [
      'Sign in: it is free!',
      'Opens at 10:30',
      'https://brewco.example/fr?x=1',
      'acceptez; vous pouvez',
      'Free shipping over $60',
    ])
      expect(keepPunctuationTogether(text)).toBe(text)
  })

  it('in HTML, changes the text between tags and never a tag', () => {
    expect(
      keepPunctuationTogetherInHtml(
        '<a href="/x?a=1" title="Voir : ici">Nos objectifs 2030 : emballages</a> <b>Oui !</b>',
      ),
    ).toBe(`<a href="/x?a=1" title="Voir : ici">Nos objectifs 2030${NBSP}: emballages</a> <b>Oui${NBSP}!</b>`)
    expect(keepPunctuationTogetherInHtml('<p>Aucun signe</p>')).toBe('<p>Aucun signe</p>')
  })

  it('is idempotent', () => {
    const once = keepPunctuationTogether('« Prêt ? » : oui')
    expect(keepPunctuationTogether(once)).toBe(once)
  })
})
