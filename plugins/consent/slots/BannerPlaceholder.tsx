import { useService } from '../../../kernel/react/KernelProvider'
import { useStream } from '../../../kernel/react/useStream'
import { headerContextRef } from '../../../kernel/services/kernelRefs'
import { BANNER_COPY } from '../bannerCopy'
import { consentChoicesRef } from '../consentChoices'
import { BannerView } from './BannerView'

/**
 * Stands in while the live banner's chunk loads: the served banner's very markup, so when the shell
 * replaces the first view the banner stays where it was instead of blinking out.
 */
export default function BannerPlaceholder() {
  const { lang } = useService(headerContextRef)
  const banner$ = useService(consentChoicesRef).banner$
  const banner = useStream(banner$, banner$.value())
  return banner.open ? <BannerView copy={BANNER_COPY[lang]} /> : null
}
