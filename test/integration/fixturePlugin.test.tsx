// @vitest-environment jsdom
/**
 * A plugin brings its own first view. A fixture plugin — a manifest whose first view names its live
 * slot as a part, known to no host file — is drawn by the page server's renderer with that component,
 * and taken over in the browser by the real start-up, in its own box, when the plugin has started
 * (the browser cannot hydrate it before the kernel: no catalogue entry brings its code).
 */
import { act, cleanup, screen, waitFor } from '@testing-library/react'
import { createRoot } from 'react-dom/client'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { FirstViewRequest } from '../../contracts/firstView'
import baseline from '../../host/firstView/firstViewBaseline.json'
import { createFirstViewRenderer } from '../../host/firstView/firstViewHtml'
import { servedFirstView } from '../../host/firstView/servedView'
import { startHeader } from '../../host/startHeader'
import { definePlugin } from '../../kernel/plugin/definePlugin'
import { defineFirstView } from '../../kernel/plugin/firstView'
import { eagerSlot } from '../../kernel/plugin/slots'
import { useKernelHandle, useService } from '../../kernel/react/KernelProvider'
import { headerContextRef } from '../../kernel/services/kernelRefs'
import { shellFirstView } from '../../plugins/shell/firstView'

/**
 * The fixture's one component, drawn from the header context (a label, the language): a link on the
 * page server, a button once its plugin runs in the browser (the kernel is there).
 */
function Perks() {
  const { labels, lang } = useService(headerContextRef)
  const kernel = useKernelHandle()
  return kernel ? (
    <button type="button">Perks (live)</button>
  ) : (
    <a href={lang === 'fr' ? '/fr/perks' : '/perks'} data-testid="perks">
      {`Perks · ${labels['header.log.in']}`}
    </a>
  )
}
const perks = definePlugin({
  id: 'perks',
  firstView: defineFirstView({ needs: ['siteConfig'], parts: { 'header.loyalty': Perks } }),
  slots: { 'header.loyalty': eagerSlot(Perks) },
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
    expect(html).toContain('data-hydrate="perks"')
    // In the slot's place: the header's actions, before the cart.
    expect(html.indexOf('data-testid="perks"')).toBeLessThan(html.indexOf('aria-label="Cart"'))
  })

  it('is taken over: its live slot replaces the served part in its own box when the plugin has started', async () => {
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
