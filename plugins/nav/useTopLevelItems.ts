import { useMemo } from 'react'
import type { NavComponent } from '../../contracts/cms'
import { SUPPORT_LINK_UID } from '../../contracts/cmsNames'
import { SERVED_NAVIGATION } from '../../contracts/servedState'
import { headerDataRef } from '../../contracts/serviceRefs'
import { useServed, useService, useServiceHandle } from '../../kernel/react/KernelProvider'
import { unchanging, useStream } from '../../kernel/react/useStream'
import { headerContextRef } from '../../kernel/services/kernelRefs'
import type { Resource } from '../../kernel/state/resource'
import { type NavItem, visibleTopLevelItems } from './visibleItems'

/**
 * The top-level items the bar and the phone menu show: visible ones, the support link left out (it
 * has its own place), each with its panel when the site configuration's
 * `header.cb.nav.flyout.enabled` is on. `items` is undefined until the navigation has arrived
 * (`busy` meanwhile), or when it failed and the page server drew none. Worked out once per answer,
 * not on every opening of a panel.
 */
export function useTopLevelItems(): { items: NavItem[] | undefined; busy: boolean } {
  const { siteConfig } = useService(headerContextRef)
  const live = useStream(useServiceHandle(headerDataRef)?.navigation$ ?? NOT_YET, LOADING)
  // A served bar shows the navigation the page server drew it from until a live answer is in: while
  // the live one loads, and also when it failed (a time-out after a hang) or was reset to not
  // loading. The shopper already sees the served items; a failed call never takes them away and
  // leaves an empty bar.
  const served = useServed<readonly NavComponent[]>(SERVED_NAVIGATION)
  const navigation: Resource<readonly NavComponent[]> =
    live.status !== 'success' && served ? { status: 'success', data: served } : live
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

const LOADING: Resource<readonly NavComponent[]> = { status: 'loading' }
/** Before the kernel: no live answer yet. */
const NOT_YET = unchanging(LOADING)
