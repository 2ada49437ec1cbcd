import { useMemo } from 'react'
import { SUPPORT_LINK_UID } from '../../../contracts/cms'
import { headerDataRef } from '../../../contracts/serviceRefs'
import { useService } from '../../../kernel/react/KernelProvider'
import { useStream } from '../../../kernel/react/useStream'
import { headerContextRef } from '../../../kernel/services/kernelRefs'
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
  // Worked out once per answer, not on every opening and closing of a panel.
  const items = useMemo(
    () =>
      navigation.status === 'success'
        ? visibleTopLevelItems(navigation.data, {
            exclude: [SUPPORT_LINK_UID],
            flyouts: siteConfig.navFlyoutEnabled,
          })
        : undefined,
    [navigation, siteConfig.navFlyoutEnabled],
  )
  if (!items) return <NavBarView labels={labels} busy={navigation.status === 'loading'} />
  return <NavBarView labels={labels} items={items} controls={controls} />
}
