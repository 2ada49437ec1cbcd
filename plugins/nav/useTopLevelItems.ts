import { useMemo } from 'react'
import { SUPPORT_LINK_UID } from '../../contracts/cms'
import { headerDataRef } from '../../contracts/serviceRefs'
import { useService } from '../../kernel/react/KernelProvider'
import { useStream } from '../../kernel/react/useStream'
import { headerContextRef } from '../../kernel/services/kernelRefs'
import { type NavItem, visibleTopLevelItems } from './visibleItems'

/**
 * The top-level items the bar and the phone menu show: visible ones, the support link left out (it
 * has its own place), each with its panel when the site configuration's
 * `header.cb.nav.flyout.enabled` is on. `items` is undefined until the navigation has arrived
 * (`busy` meanwhile), or when it failed. Worked out once per answer, not on every opening of a panel.
 */
export function useTopLevelItems(): { items: NavItem[] | undefined; busy: boolean } {
  const { siteConfig } = useService(headerContextRef)
  const navigation = useStream(useService(headerDataRef).navigation$, { status: 'loading' })
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
  return { items, busy: navigation.status === 'loading' }
}
