import { useMemo } from 'react'
import { SUPPORT_LINK_UID } from '../../../contracts/cms'
import { headerDataRef } from '../../../contracts/serviceRefs'
import { useService } from '../../../kernel/react/KernelProvider'
import { useStream } from '../../../kernel/react/useStream'
import { headerContextRef } from '../../../kernel/services/kernelRefs'
import { type NavItem, visibleTopLevelItems } from '../visibleItems'

/**
 * The top-level items as the bar shows them (plugins/nav/slots/NavBar.tsx): visible ones, the support
 * link left out (it has its own place), each with its panel when the site configuration's
 * `header.cb.nav.flyout.enabled` is on. Undefined until the navigation has arrived, or when it failed.
 */
export function useTopLevelItems(): NavItem[] | undefined {
  const { siteConfig } = useService(headerContextRef)
  const navigation = useStream(useService(headerDataRef).navigation$, { status: 'loading' })
  return useMemo(
    () =>
      navigation.status === 'success'
        ? visibleTopLevelItems(navigation.data, {
            exclude: [SUPPORT_LINK_UID],
            flyouts: siteConfig.navFlyoutEnabled,
          })
        : undefined,
    [navigation, siteConfig.navFlyoutEnabled],
  )
}
