import { defineFirstView } from '../../kernel/plugin/firstView'
import CookieBanner from './slots/CookieBanner'

/**
 * The cookie banner is drawn once, by its live part: the page server renders it when consent is due
 * (no consent cookie, the banner flag absent or false, or an older policy version), on screen at
 * first paint, and the browser hydrates it before the kernel; a press on its buttons is kept until
 * the consent service can answer it.
 */
export default defineFirstView({
  needs: ['siteConfig', 'consent'],
  parts: { 'header.cookieBanner': CookieBanner },
})
