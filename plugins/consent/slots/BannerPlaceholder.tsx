import { useService } from '../../../kernel/react/KernelProvider'
import { useStream } from '../../../kernel/react/useStream'
import { consentChoicesRef } from '../consentChoices'
import { bannerCopyRef } from '../consentOptions'
import { BannerView } from './BannerView'

/**
 * Stands in while the live banner's chunk loads: the served banner's very markup, so when the shell
 * replaces the first view the banner stays where it was instead of blinking out.
 */
export default function BannerPlaceholder() {
  const copy = useService(bannerCopyRef)
  const banner$ = useService(consentChoicesRef).banner$
  const banner = useStream(banner$, banner$.value())
  return banner.open ? <BannerView copy={copy} /> : null
}
