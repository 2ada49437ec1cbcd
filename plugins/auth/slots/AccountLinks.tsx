import { type MouseEvent, type Ref, useId, useMemo } from 'react'
import type { CustomerDetails } from '../../../contracts/auth'
import type { Resource } from '../../../contracts/resource'
import {
  agentSessionRef,
  headerDataRef,
  linkHandlersRef,
  shopperAccountRef,
} from '../../../contracts/serviceRefs'
import { useOptionalService, useService } from '../../../kernel/react/KernelProvider'
import { LinkComponent } from '../../../kernel/react/LinkComponent'
import { usePluginOptions } from '../../../kernel/react/PluginBoundary'
import { unchanging, useStream } from '../../../kernel/react/useStream'
import { cookiesRef, headerContextRef } from '../../../kernel/services/kernelRefs'
import { type AuthOptions, DEFAULT_AUTH_OPTIONS } from '../authOptions'
import { authSessionRef } from '../authRefs'
import { hasAutoDelivery } from '../customer/adSegment'
import { shopperFlagsFrom } from '../identity/shopperFlags'
import { accountMenuEntries, type HeaderLinkEntry, supportEntry } from '../menu/accountMenuEntries'
import styles from './auth.module.css'

/** No customer data where no plugin provides the shopper's account. */
const NO_CUSTOMER = unchanging<Resource<CustomerDetails>>({ status: 'idle' })

/** A cookie counts as set for `showIfCookies` unless it is missing, empty or 'false'. */
const isCookieSet = (value: string | undefined) => value !== undefined && value !== '' && value !== 'false'

/**
 * The account entries for the current shopper, in display order: the brand's menu set (header spec §2, §5), the
 * brand's own entries (auth option `links`), then the support link, then "Sign out" last when signed
 * in (nav spec §2: the last item Tab wraps from). The brand's menu set, sign-in entry, hidden entries
 * and links are the auth plugin's options (authOptions.ts). The web app's auto-delivery session flag
 * (header spec §5) is the `autoDeliveryItem` cookie the store sets (the same flag the login page is told about),
 * or the signed-in customer's getAdType answer (an Auto Delivery customer is never offered
 * to start one).
 */
export function useAccountEntries(): HeaderLinkEntry[] {
  const ctx = useService(headerContextRef)
  // The kernel hands every slot its plugin's decoded options (a hydrated part too, once the kernel
  // has started its plugin: kernel/react/ServedPart.tsx); outside a plugin boundary, the defaults.
  const options = usePluginOptions<AuthOptions | undefined>() ?? DEFAULT_AUTH_OPTIONS
  const agentSession = useOptionalService(agentSessionRef)
  const session = useService(authSessionRef)
  const state = useStream(session.state$, session.state$.value())
  const cookies = useService(cookiesRef)
  const adType = useStream(session.adType$, session.adType$.value())
  const navigationData = useStream(useService(headerDataRef).navigation$, { status: 'loading' })
  const navigation = navigationData.status === 'success' ? navigationData.data : undefined
  const customer = useStream(useOptionalService(shopperAccountRef)?.customer$ ?? NO_CUSTOMER, {
    status: 'idle',
  } as const)
  const signedIn = state.status === 'signedIn'
  const connectedBrewer = signedIn && customer.status === 'success' && customer.data.connectedBrewer
  const isAgent = (state.status === 'signedIn' && state.agent !== null) || agentSession?.() === true
  return useMemo(() => {
    const entries = accountMenuEntries({
      lang: ctx.lang,
      signedIn,
      isAgent,
      config: ctx.siteConfig,
      labels: ctx.labels,
      menuSet: options.menuSet,
      signIn: options.signIn,
      hiddenEntries: options.hiddenEntries,
      webAppAutoDeliverySession: hasAutoDelivery(
        shopperFlagsFrom(cookies.get, ctx.location.pathname).hasAutoDelivery,
        signedIn ? adType : null,
      ),
      links: options.links,
      hasCookie: (name) => isCookieSet(cookies.get(name)),
      connectedBrewer,
    })
    const links = entries.filter((e) => e.kind !== 'logout')
    const logout = entries.filter((e) => e.kind === 'logout')
    return [...links, supportEntry(ctx.labels, ctx.lang, navigation), ...logout]
  }, [ctx, options, signedIn, isAgent, navigation, cookies, adType, connectedBrewer])
}

interface ListProps {
  entries: readonly HeaderLinkEntry[]
  /** The last entry (a link, or the sign-out button), for the menu's Tab wrap. */
  lastRef?: Ref<HTMLAnchorElement & HTMLButtonElement>
  /** Called before a link signs out or navigates (the menu closes). */
  onChosen?: () => void
}

/**
 * The entries as a plain list of links (disclosure navigation, not role=menu). The logout entry is a
 * button, the one action among places: it signs out through the session on click, Enter or Space,
 * with the current path as the referrer (header spec §4). A sub-menu is a nested list
 * under its entry, named by it; a caption (`isNoLink`) is text, not a link; a custom component
 * renders through the kernel's registry (LinkComponent).
 */
export function AccountLinkList({ entries, lastRef, onChosen }: ListProps) {
  const { location } = useService(headerContextRef)
  const session = useService(authSessionRef)
  const idPrefix = useId()
  const handlers = useOptionalService(linkHandlersRef)
  // A link with a named handler (header spec §3 clickHandler) runs it; the handler may keep the
  // shopper on the page (preventDefault), otherwise the link goes to its url. An unknown name is a
  // plain link (the registry logs it).
  const chosen = (entry: HeaderLinkEntry) => (e: MouseEvent) => {
    if (entry.clickHandler) handlers?.run(entry.clickHandler, e.nativeEvent)
    onChosen?.()
  }
  const signOut = (e: MouseEvent) => {
    e.preventDefault()
    onChosen?.()
    void session.logout({ referrer: location.pathname })
  }
  const list = (items: readonly HeaderLinkEntry[], labelledBy?: string, label?: string) => (
    <ul
      className={labelledBy || label ? `${styles.linkList} ${styles.subMenu}` : styles.linkList}
      aria-labelledby={labelledBy}
      aria-label={labelledBy ? undefined : label}
    >
      {items.map((entry, i) => {
        const captionId = `${idPrefix}-${entry.dataSelector}`
        return (
          <li key={entry.dataSelector}>
            {entry.kind === 'component' && entry.customComponent ? (
              <LinkComponent
                id={entry.customComponent.id}
                options={entry.customComponent.options}
                onChosen={onChosen}
                linkClassName={`${styles.link} ${entry.className}`}
              />
            ) : entry.isNoLink ? (
              <span
                id={captionId}
                className={`${styles.caption} ${entry.className}`}
                data-selector={entry.dataSelector}
              >
                {entry.name}
              </span>
            ) : entry.kind === 'logout' ? (
              // An action, not a place: a button (the menus exist only with script, where it signs
              // out through the session; the page server's /logout ends the session without it).
              <button
                ref={!entry.isSubMenu && i === items.length - 1 ? lastRef : undefined}
                type="button"
                className={`${styles.link} ${styles.linkAction} ${entry.className}`}
                data-selector={entry.dataSelector}
                onClick={signOut}
              >
                {entry.name}
              </button>
            ) : (
              <a
                ref={!entry.isSubMenu && i === items.length - 1 ? lastRef : undefined}
                href={entry.url}
                target={entry.target === '_blank' ? '_blank' : undefined}
                rel={entry.target === '_blank' ? 'noopener' : undefined}
                className={`${styles.link} ${entry.className}`}
                data-selector={entry.dataSelector}
                onClick={chosen(entry)}
              >
                {entry.name}
              </a>
            )}
            {entry.subMenuLinks.length > 0 &&
              list(
                entry.subMenuLinks,
                entry.isNoLink ? captionId : undefined,
                entry.isNoLink ? undefined : entry.name,
              )}
          </li>
        )
      })}
    </ul>
  )
  return list(entries)
}
