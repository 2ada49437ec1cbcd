import type { FirstViewProps } from '../../contracts/firstView'
import { defineFirstView } from '../../kernel/plugin/firstView'
import { consentOptionsFrom, copyFor } from './consentOptions'
import { BannerView } from './slots/BannerView'

/**
 * The cookie banner in the served first view when the page server knows consent is due (no consent
 * cookie, the banner flag absent or false, or an older policy version): on screen at first paint,
 * a press on its buttons kept until the live banner takes over in place, then answered there.
 */
function ConsentFirstView({ page, consent, options }: FirstViewProps) {
  return consent.bannerDue ? <BannerView copy={copyFor(page.lang, consentOptionsFrom(options))} /> : null
}

export default defineFirstView({
  needs: ['siteConfig'],
  slots: { 'header.cookieBanner': ConsentFirstView },
})
