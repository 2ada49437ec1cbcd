// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { readPageContext } from './pageContext'

describe('page context', () => {
  it('reads hidden inputs, switched-off plugins and the preview ticket', () => {
    document.body.innerHTML = `
      <input type="hidden" id="brand" value="usb2c"><input type="hidden" id="oppositeLanguageTitle" value="x">
      <input type="hidden" value="no-id">
      <div id="oneHeaderContainer" data-disabled-plugins=" nav, search ,,"></div>`
    window.history.replaceState(null, '', '/fr/recherche?text=pods&cmsTicketId=abc-1')
    const ctx = readPageContext(document.getElementById('oneHeaderContainer')!)
    expect(ctx.lang).toBe('fr')
    expect(ctx.hiddenInputs).toEqual({ brand: 'usb2c', oppositeLanguageTitle: 'x' })
    expect(ctx.disabledPlugins).toEqual(['nav', 'search'])
    expect(ctx.cmsTicketId).toBe('abc-1')
    expect(ctx.location.search).toBe('?text=pods&cmsTicketId=abc-1')
  })

  it('ignores a malformed preview ticket', () => {
    document.body.innerHTML = '<div id="c"></div>'
    window.history.replaceState(null, '', '/?cmsTicketId=%3Cscript%3E')
    expect(readPageContext(document.getElementById('c')!).cmsTicketId).toBeUndefined()
  })

  it('takes the brand from the brand input, the first of its id, and the host name for an unknown one', () => {
    window.history.replaceState(null, '', '/')
    const brandOf = (html: string) => {
      document.body.innerHTML = `${html}<div id="c"></div>`
      return readPageContext(document.getElementById('c')!).brand
    }
    // jsdom's page is on localhost, usb2c by its name.
    expect(brandOf('<input type="hidden" id="brand" value="cab2c">')).toBe('cab2c')
    expect(
      brandOf('<input type="hidden" id="brand" value="cab2c"><input type="hidden" id="brand" value="usafh">'),
    ).toBe('cab2c')
    expect(brandOf('<input type="hidden" id="brand" value="nope">')).toBe('usb2c')
    expect(brandOf('')).toBe('usb2c')
  })
})
