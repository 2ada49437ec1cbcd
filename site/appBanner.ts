/**
 * The mobile app eyebrow banner's rule (header spec §3 "mobile app eyebrow banner flag"), shared by
 * the header, which draws it, and the reference server, which reserves its row so it moves nothing:
 * shown when the site configuration switches it on, outside the app's own webview, until the shopper
 * dismisses it. Phones and tablets only (below 992 px; the shell's CSS).
 */
export const APP_BANNER_DISMISSED_COOKIE = 'appBannerDismissed'
/** How long a dismissal lasts. */
export const APP_BANNER_DISMISSED_DAYS = 30

export function showsAppBanner(p: {
  enabled: boolean
  webview: boolean
  dismissed: string | undefined
}): boolean {
  return p.enabled && !p.webview && p.dismissed !== 'true'
}
