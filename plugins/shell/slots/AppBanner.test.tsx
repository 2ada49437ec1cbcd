// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import Cookies from 'js-cookie'
import { afterEach, describe, expect, it } from 'vitest'
import { KernelProvider } from '../../../kernel/react/KernelProvider'
import { createTestKernel } from '../../../test/createTestKernel'
import { AppBanner } from './AppBanner'

afterEach(() => {
  cleanup()
  Cookies.remove('appBannerDismissed')
})

function renderBanner(siteConfig: { mobileAppEyebrowBanner: boolean; allowedCookies?: string[] }) {
  const { kernel } = createTestKernel([], {
    siteConfig: { allowedCookies: ['appBannerDismissed'], ...siteConfig },
  })
  return render(
    <KernelProvider kernel={kernel}>
      <div data-brand="usb2c">
        <AppBanner />
        <header>
          <a href="/support">Support</a>
          <a href="/" data-logo="">
            Brewco home
          </a>
        </header>
      </div>
    </KernelProvider>,
  )
}

describe('mobile app eyebrow banner (site configuration mobile.app.eyebrow.banner.enabled)', () => {
  it('is there only when the configuration switches it on', () => {
    renderBanner({ mobileAppEyebrowBanner: false })
    expect(screen.queryByRole('complementary', { name: 'Our app' })).toBeNull()
    cleanup()
    renderBanner({ mobileAppEyebrowBanner: true })
    const banner = screen.getByRole('complementary', { name: 'Our app' })
    expect(banner.textContent).toContain('Reorder your favorites in two taps with our app.')
    expect(screen.getByRole('link', { name: 'Get the app' }).getAttribute('href')).toBe('/app')
  })

  it('dismissing hides it, keeps the choice 30 days and puts focus on the logo', async () => {
    renderBanner({ mobileAppEyebrowBanner: true })
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss the app banner' }))
    expect(screen.queryByRole('complementary', { name: 'Our app' })).toBeNull()
    expect(Cookies.get('appBannerDismissed')).toBe('true')
    expect(document.activeElement?.textContent).toBe('Brewco home')
    cleanup()
    renderBanner({ mobileAppEyebrowBanner: true })
    expect(screen.queryByRole('complementary', { name: 'Our app' })).toBeNull()
  })

  it('where the configuration does not allow its cookie, a dismissal lasts for the page only', async () => {
    renderBanner({ mobileAppEyebrowBanner: true, allowedCookies: [] })
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss the app banner' }))
    expect(screen.queryByRole('complementary', { name: 'Our app' })).toBeNull()
    expect(Cookies.get('appBannerDismissed')).toBeUndefined()
  })
})
