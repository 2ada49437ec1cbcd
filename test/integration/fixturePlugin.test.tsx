// @vitest-environment jsdom
/**
 * Issue 23: a plugin brings its own first view. A fixture plugin — a manifest with a first view and a
 * live slot, known to no host file — is served by the page server's renderer and taken over in the
 * browser by the real start-up, through its declaration alone.
 */
import { act, cleanup, screen, waitFor } from '@testing-library/react'
import { createRoot } from 'react-dom/client'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { FirstViewProps, FirstViewRequest } from '../../contracts/firstView'
import baseline from '../../host/firstView/firstViewBaseline.json'
import { createFirstViewRenderer } from '../../host/firstView/firstViewHtml'
import { servedFirstView } from '../../host/firstView/servedView'
import { shellFirstView } from '../../host/shell/shellFirstView'
import { startHeader } from '../../host/startHeader'
import { definePlugin } from '../../kernel/plugin/definePlugin'
import { defineFirstView } from '../../kernel/plugin/firstView'
import { eagerSlot } from '../../kernel/plugin/slots'

const handedOver = vi.fn<(text: string) => void>()

/** The fixture's first view: pure, drawn from the page's data (a label, the language). */
function PerksFirstView({ labels, page }: FirstViewProps) {
  return (
    <a href={page.lang === 'fr' ? '/fr/perks' : '/perks'} data-testid="perks">
      {`Perks · ${labels['header.log.in']}`}
    </a>
  )
}
/** Its live slot, which takes the first view's place when the plugin has started. */
function PerksLive() {
  return <button type="button">Perks (live)</button>
}
const perks = definePlugin({
  id: 'perks',
  firstView: defineFirstView({
    needs: ['siteConfig'],
    slots: { 'header.loyalty': PerksFirstView },
    takeOver: (part) => handedOver(part.querySelector('[data-testid="perks"]')?.textContent ?? ''),
  }),
  slots: { 'header.loyalty': eagerSlot(PerksLive) },
})

const bodies = (baseline.bodies as Record<string, FirstViewRequest['bodies']>)['usb2c-en']!
const REQUEST: FirstViewRequest = {
  bodies,
  brand: 'usb2c',
  lang: 'en',
  pathname: '/c/coffee',
  search: '',
  rows: { eyebrow: false, notification: false, siteNotice: false, promo: false },
  shopper: { signedIn: false, firstName: '' },
}
const render = createFirstViewRenderer(
  new Map([
    ['shell', shellFirstView],
    ['perks', perks.firstView!],
  ]),
  () => ['perks'],
)

afterEach(() => {
  vi.restoreAllMocks()
  cleanup()
  document.body.innerHTML = ''
  delete (window as Window & { oneHeaderPlugins?: unknown }).oneHeaderPlugins
})

describe('a plugin with its own first view, known to no host file', () => {
  it('is served: the page server walks its declaration and draws it in its slot', () => {
    const html = render(REQUEST)
    expect(html).toContain('data-first-view=""')
    expect(html).toMatch(/<a href="\/perks" data-testid="perks">Perks · Log In<\/a>/)
    // In the slot's place: the header's actions, before the cart.
    expect(html.indexOf('data-testid="perks"')).toBeLessThan(html.indexOf('aria-label="Cart"'))
  })

  it('is taken over: start-up hands its served part to its declaration, then its live slot replaces it in its own box', async () => {
    document.body.innerHTML = `<div id="oneHeaderContainer" data-disabled-plugins="auth,logging,nav,search">${render(REQUEST)}</div>`
    const container = document.getElementById('oneHeaderContainer') as HTMLElement
    const servedView = servedFirstView(container)
    expect(servedView).toBeDefined()
    expect(screen.getByTestId('perks').textContent).toBe('Perks · Log In')
    ;(window as Window & { oneHeaderPlugins?: unknown }).oneHeaderPlugins = [perks]
    // No reference server here: the start-up calls fail and the header says so on the console,
    // which is not what this test is about.
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    vi.spyOn(console, 'info').mockImplementation(() => {})
    const root = createRoot(container)
    const handle = await act(() =>
      startHeader(container, root, window, { ...(servedView ? { servedView } : {}) }),
    )
    expect(handedOver).toHaveBeenCalledWith('Perks · Log In')
    await waitFor(() => expect(screen.getByRole('button', { name: 'Perks (live)' })).toBeTruthy())
    expect(screen.queryByTestId('perks')).toBeNull()
    expect(handle.started).toContain('perks')
    // The part went live on its own, in its box; the rest of the served header is still there.
    expect(container.querySelector('[data-part="header.loyalty"]')?.hasAttribute('data-live')).toBe(true)
    expect(container.querySelector('[data-part="header.cart"] a[href="/cart"]')).not.toBeNull()
    // Every other plugin has started or failed before the test ends (their code loads meanwhile).
    await waitFor(() => expect(handle.allLive).toBe(true), { timeout: 15_000 })
    await waitFor(() => expect(handle.started).toContain('content'), { timeout: 15_000 })
    act(() => root.unmount())
  })
})
