import { SUPPORT_LINK_UID } from '../../../contracts/cms'
import { useService } from '../../../kernel/react/KernelProvider'
import { useStream } from '../../../kernel/react/useStream'
import { headerContextRef, headerDataRef } from '../../../kernel/services/kernelRefs'
import { visibleTopLevelItems } from '../visibleItems'
import { NavBarView } from './NavBarView'
import { useFlyouts } from './useFlyouts'

/**
 * The navigation bar slot: the visible top-level items of the NavigationBarSlot, with their flyout
 * panels when the site configuration's `header.cb.nav.flyout.enabled` is on (header spec §3).
 */
export default function NavBar() {
  const { labels, siteConfig } = useService(headerContextRef)
  const data = useService(headerDataRef)
  const navigation = useStream(data.navigation$, { status: 'loading' })
  const controls = useFlyouts()
  const label = labels['header.nav.label']
  if (navigation.status !== 'success')
    return <NavBarView label={label} busy={navigation.status === 'loading'} />
  return (
    <NavBarView
      label={label}
      items={visibleTopLevelItems(navigation.data, [SUPPORT_LINK_UID])}
      flyouts={siteConfig.navFlyoutEnabled}
      labels={{ toggle: labels['header.nav.flyout.toggle'], back: labels['header.nav.flyout.back'] }}
      controls={controls}
    />
  )
}
