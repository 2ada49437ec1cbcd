import { describe, expect, it } from 'vitest'
import { chosenLanguageRedirect, LANGUAGE_CHOSEN_COOKIE } from './languageChoice'

describe('the language-chosen cookie is honoured on the home address (header spec §4)', () => {
  it('is named languageChosen', () => expect(LANGUAGE_CHOSEN_COOKIE).toBe('languageChosen'))

  it('leads a shopper who chose French from / to the French home page', () => {
    expect(chosenLanguageRedirect('/', 'true')).toBe('/fr/accueil')
  })

  it('changes nothing for English, no choice, another value or any other address', () => {
    expect(chosenLanguageRedirect('/', 'false')).toBeUndefined()
    expect(chosenLanguageRedirect('/', undefined)).toBeUndefined()
    expect(chosenLanguageRedirect('/', 'TRUE')).toBeUndefined()
    expect(chosenLanguageRedirect('/c/coffee', 'true')).toBeUndefined()
    expect(chosenLanguageRedirect('/fr/accueil', 'true')).toBeUndefined()
    expect(chosenLanguageRedirect('/search', 'true')).toBeUndefined()
  })
})
