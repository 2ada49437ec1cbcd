import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { LogoLink } from '../../plugins/shell/slots/Logo'
import { FrameLogo } from './frameLogo'

describe("the frame's logo", () => {
  it.each([
    ['Brewco', 'en'],
    ['Brewco Canada', 'fr'],
  ] as const)('is the markup of the shell plugin’s logo part (%s, %s)', (displayName, lang) => {
    expect(renderToStaticMarkup(<FrameLogo displayName={displayName} lang={lang} />)).toBe(
      renderToStaticMarkup(<LogoLink displayName={displayName} lang={lang} />),
    )
  })
})
