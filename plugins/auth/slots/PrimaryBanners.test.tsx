// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { LABEL_FALLBACKS, labelsFrom } from '../../../contracts/labels'
import { expectNoAxeViolations } from '../test/expectNoAxeViolations'
import { type RenderAuthOptions, renderAuthSlots } from '../test/renderAuthSlot'
import { type FakeAnswer, fakeFetch } from '../tokens/testing'
import AccountSlot from './AccountSlot'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const BANNER_HTML =
  '<p><strong>Members save more.</strong> Log in to see your Brewco® rewards.</p><img src=x alt="" onerror=alert(1)>'

/** The reference server's login content page, or whatever a test answers instead. */
function serve(answer: () => FakeAnswer = () => loginContent([BANNER_HTML])) {
  const server = fakeFetch((req) =>
    req.url.pathname.endsWith('/cms/pages') ? answer() : { status: 404, body: { errors: [] } },
  )
  vi.stubGlobal('fetch', server.fetch)
  return server
}
const loginContent = (paragraphs: string[]): FakeAnswer => ({
  status: 200,
  body: {
    uid: 'loginContent',
    contentSlots: {
      contentSlot: [
        {
          position: 'LoginPrimaryBanner',
          components: {
            component: paragraphs.map((content, i) => ({
              typeCode: 'CMSParagraphComponent',
              uid: `p${i}`,
              content,
            })),
          },
        },
      ],
    },
  },
})

/** How long the first lazy import of a worker may take on a busy machine. */
const FIRST_LOAD_MS = 5000

async function openFlyout(options: RenderAuthOptions) {
  const user = userEvent.setup()
  renderAuthSlots([AccountSlot], options)
  await user.click(screen.getByRole('button', { name: 'Log In' }))
  // The flyout's code is a lazy import: the first one in a worker may take longer than the default
  // second when the machine is busy (it flaked under a full run), so its first find waits longer.
  return { user, dialog: await screen.findByRole('dialog', {}, { timeout: FIRST_LOAD_MS }) }
}

describe('login tab primary banner (loginPrimaryBannerContent)', () => {
  it('shows the login content page, sanitised, above the form; asked for once, in the shopper language', async () => {
    const server = serve()
    const { dialog } = await openFlyout({ siteConfig: { loginPrimaryBannerContent: true } })
    const banner = await within(dialog).findByText(/Members save more/, {}, { timeout: FIRST_LOAD_MS })
    const box = within(dialog).getByTestId('login-primary-banner')
    expect(box.contains(banner)).toBe(true)
    expect(box.innerHTML).not.toMatch(/onerror|alert/) // the handler is gone
    expect(box.querySelector('sup')?.textContent).toBe('®')
    const email = dialog.querySelector('#logIn-panel input[name="email"]')!
    expect(box.compareDocumentPosition(email) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    const calls = server.requests.filter((r) => r.url.pathname.endsWith('/cms/pages'))
    expect(calls).toHaveLength(1)
    expect(calls[0]!.url.searchParams.get('pageLabelOrId')).toBe('loginContent')
    expect(calls[0]!.url.searchParams.get('lang')).toBe('en')
    await expectNoAxeViolations(dialog)
  })

  it('off by default: no banner and no call', async () => {
    const server = serve()
    const { dialog } = await openFlyout({})
    await new Promise((r) => setTimeout(r, 50))
    expect(within(dialog).queryByTestId('login-primary-banner')).toBeNull()
    expect(server.requests).toHaveLength(0)
  })

  it('a failed or empty page shows nothing, and the next opening asks again after a failure', async () => {
    let status = 500
    const server = serve(() => (status === 500 ? { status: 500, body: { errors: [] } } : loginContent([' '])))
    const { user, dialog } = await openFlyout({ siteConfig: { loginPrimaryBannerContent: true } })
    await waitFor(() => expect(within(dialog).queryByTestId('login-primary-banner')).toBeNull())
    const asked = () => server.requests.filter((r) => r.url.pathname.endsWith('/cms/pages')).length
    await waitFor(() => expect(asked()).toBeGreaterThan(0))
    await user.click(screen.getByTestId('account-button')) // closes
    const before = asked()
    status = 200
    await user.click(screen.getByTestId('account-button'))
    const again = await screen.findByRole('dialog')
    await waitFor(() => expect(asked()).toBeGreaterThan(before))
    // An empty answer (only blank paragraphs) is no banner either.
    await new Promise((r) => setTimeout(r, 50))
    expect(within(again).queryByTestId('login-primary-banner')).toBeNull()
  })

  it('after a failure it is not asked again on every hover, only once the flyout has closed', async () => {
    const server = serve(() => ({ status: 500, body: { errors: [] } }))
    const { user } = await openFlyout({ siteConfig: { loginPrimaryBannerContent: true } })
    const asked = () => server.requests.filter((r) => r.url.pathname.endsWith('/cms/pages')).length
    await waitFor(() => expect(asked()).toBeGreaterThan(0))
    await new Promise((r) => setTimeout(r, 50))
    const failed = asked()
    const account = screen.getByTestId('account-button').parentElement!
    for (let i = 0; i < 3; i++) {
      await user.unhover(account)
      await user.hover(account)
    }
    expect(asked()).toBe(failed)
  })

  it('is asked for when the pointer or focus reaches the Log In button, before the flyout opens', async () => {
    const server = serve()
    renderAuthSlots([AccountSlot], { siteConfig: { loginPrimaryBannerContent: true } })
    screen.getByRole('button', { name: 'Log In' }).focus()
    await waitFor(() => expect(server.requests).toHaveLength(1))
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})

describe('register tab primary banner (regPrimaryBannerContent)', () => {
  it('shows the custom-brewer labels: image, heading, offer and the button to its URL', async () => {
    serve()
    const { user, dialog } = await openFlyout({ siteConfig: { regPrimaryBannerContent: true } })
    await user.click(within(dialog).getByRole('tab', { name: 'Create Account' }))
    const banner = within(dialog).getByTestId('register-primary-banner')
    expect(
      within(banner).getByRole('heading', { name: LABEL_FALLBACKS['login.custom.brewer.heading'] }),
    ).toBeTruthy()
    expect(banner.textContent).toContain(LABEL_FALLBACKS['login.custom.brewer.offer'])
    expect(
      within(banner)
        .getByRole('link', { name: LABEL_FALLBACKS['login.custom.brewer.button.label'] })
        .getAttribute('href'),
    ).toBe('/custom-brewer')
    expect(banner.querySelector('img')?.getAttribute('src')).toBe('/medias/custom-brewer-banner.svg')
    expect(within(dialog).queryByTestId('login-primary-banner')).toBeNull()
    await expectNoAxeViolations(dialog)
  })

  it('leaves out an image or button URL that is not this site', async () => {
    serve()
    const labels = labelsFrom([
      { key: 'login.custom.brewer.image', value: 'javascript:alert(1)' },
      { key: 'login.custom.brewer.button.url', value: '//evil.example/x' },
    ])
    const { user, dialog } = await openFlyout({
      siteConfig: { regPrimaryBannerContent: true },
      context: { labels },
    })
    await user.click(within(dialog).getByRole('tab', { name: 'Create Account' }))
    const banner = within(dialog).getByTestId('register-primary-banner')
    expect(banner.querySelector('img')).toBeNull()
    expect(within(banner).queryByRole('link')).toBeNull()
  })

  it('off by default', async () => {
    serve()
    const { user, dialog } = await openFlyout({})
    await user.click(within(dialog).getByRole('tab', { name: 'Create Account' }))
    expect(within(dialog).queryByTestId('register-primary-banner')).toBeNull()
  })
})
