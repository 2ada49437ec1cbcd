import { cartCountRef } from '../../../contracts/serviceRefs'
import { useOptionalService, useService } from '../../../kernel/react/KernelProvider'
import { unchanging, useStream } from '../../../kernel/react/useStream'
import { headerContextRef } from '../../../kernel/services/kernelRefs'
import { MiniCartLinkView } from './MiniCartLinkView'

/** No count until a plugin provides one (and before the kernel has started: the part is hydrated first). */
const NO_COUNT = unchanging<number | undefined>(undefined)

/**
 * Mini-cart link (`/cart`, `/fr/cart`); the count appears once a plugin provides `cart.count`. Its
 * accessible name starts with the visible text, label then count, and adds the noun ('Cart 3 items',
 * 'Panier 3 articles'), so it contains what a speech-input user reads on screen (WCAG 2.5.3).
 */
export function MiniCartLink() {
  const { lang, labels } = useService(headerContextRef)
  const count = useStream(useOptionalService(cartCountRef) ?? NO_COUNT, undefined as number | undefined)
  return <MiniCartLinkView lang={lang} labels={labels} count={count} />
}
