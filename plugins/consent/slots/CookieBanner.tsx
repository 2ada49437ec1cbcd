import { lazy, Suspense } from 'react'
import type { FirstViewConsent } from '../../../contracts/firstView'
import { SERVED_CONSENT } from '../../../contracts/servedState'
import { useServed, useService, useServiceHandle } from '../../../kernel/react/KernelProvider'
import { usePluginOptions } from '../../../kernel/react/PluginBoundary'
import { unchanging, useStream } from '../../../kernel/react/useStream'
import { headerContextRef } from '../../../kernel/services/kernelRefs'
import { copyFor } from '../bannerCopy'
import { consentChoicesRef } from '../consentChoicesRef'
import type { ConsentOptions } from '../consentOptions'
import { BannerView } from './BannerView'

// The working banner (choices per group, Escape, focus) loads once the consent service is there.
const ConsentBanner = lazy(() => import('./ConsentBanner'))

/**
 * The cookie banner's part, drawn once (nav spec §9): the page server renders it when the consent
 * cookies make it due, and the browser hydrates it before the kernel. Until the consent service has
 * started, its buttons are the served ones: a press is kept by the page's recorder, never disabled
 * and never lost, and answered by the working banner's button when it is in (its chunk, with the
 * served markup standing in meanwhile, so nothing blinks).
 */
export default function CookieBanner() {
  const options = usePluginOptions<ConsentOptions>()
  const { lang } = useService(headerContextRef)
  const due = useServed<FirstViewConsent>(SERVED_CONSENT)
  const choices = useServiceHandle(consentChoicesRef)
  const banner = useStream(choices?.banner$ ?? unchanging({ open: due?.bannerDue === true }), {
    open: false,
  })
  const served = banner.open ? <BannerView copy={copyFor(lang, options)} /> : null
  if (!choices) return served
  // The working banner stays mounted while closed: it opens again from "Cookie preferences", and
  // gives focus back to what reopened it when it closes.
  return (
    <Suspense fallback={served}>
      <ConsentBanner />
    </Suspense>
  )
}
