import { type KeyboardEvent, type MouseEvent, type Ref, useMemo } from 'react'
import { agentSessionRef } from '../../../contracts/serviceRefs'
import { useOptionalService, useService } from '../../../kernel/react/KernelProvider'
import { usePluginOptions } from '../../../kernel/react/PluginBoundary'
import { useStream } from '../../../kernel/react/useStream'
import { headerContextRef, headerDataRef } from '../../../kernel/services/kernelRefs'
import { type AuthOptions, DEFAULT_AUTH_OPTIONS } from '../authOptions'
import { authSessionRef } from '../authRefs'
import { accountMenuEntries, type HeaderLinkEntry, supportEntry } from '../menu/accountMenuEntries'
import styles from './auth.module.css'

/**
 * The account entries for the current shopper, in display order: the brand's menu set (§2, §5), then
 * the support link, then "Sign out" last when signed in (nav spec §2: the last item Tab wraps from).
 * The brand's menu set, sign-in entry and hidden entries are the auth plugin's options
 * (authOptions.ts). The web-app auto-delivery session flag is not known to the header; none of the
 * default entries depends on it, so it is passed as false.
 */
export function useAccountEntries(): HeaderLinkEntry[] {
  const ctx = useService(headerContextRef)
  // The kernel hands every slot its plugin's decoded options; outside a plugin boundary, the defaults.
  const options = usePluginOptions<AuthOptions | undefined>() ?? DEFAULT_AUTH_OPTIONS
  const agentSession = useOptionalService(agentSessionRef)
  const session = useService(authSessionRef)
  const state = useStream(session.state$, session.state$.value())
  const navigationData = useStream(useService(headerDataRef).navigation$, { status: 'loading' })
  const navigation = navigationData.status === 'success' ? navigationData.data : undefined
  const signedIn = state.status === 'signedIn'
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
      webAppAutoDeliverySession: false,
    })
    const links = entries.filter((e) => e.kind === 'link')
    const logout = entries.filter((e) => e.kind === 'logout')
    return [...links, supportEntry(ctx.labels, ctx.lang, navigation), ...logout]
  }, [ctx, options, signedIn, isAgent, navigation])
}

interface ListProps {
  entries: readonly HeaderLinkEntry[]
  /** The last link, for the menu's Tab wrap. */
  lastRef?: Ref<HTMLAnchorElement>
  /** Called before a link signs out or navigates (the menu closes). */
  onChosen?: () => void
}

/**
 * The entries as a plain list of links (disclosure navigation, not role=menu). A logout entry is a
 * link too (it works without script as /logout) but signs out through the session on click, Enter
 * or Space, with the current path as the referrer (header spec §4).
 */
export function AccountLinkList({ entries, lastRef, onChosen }: ListProps) {
  const { location } = useService(headerContextRef)
  const session = useService(authSessionRef)
  const signOut = (e: MouseEvent | KeyboardEvent) => {
    e.preventDefault()
    onChosen?.()
    void session.logout({ referrer: location.pathname })
  }
  return (
    <ul className={styles.linkList}>
      {entries.map((entry, i) => (
        <li key={entry.dataSelector}>
          <a
            ref={i === entries.length - 1 ? lastRef : undefined}
            href={entry.url}
            target={entry.target === '_blank' ? '_blank' : undefined}
            rel={entry.target === '_blank' ? 'noopener' : undefined}
            className={`${styles.link} ${entry.className}`}
            data-selector={entry.dataSelector}
            onClick={entry.kind === 'logout' ? signOut : onChosen}
            onKeyDown={
              entry.kind === 'logout'
                ? (e) => {
                    // Enter already clicks a link; Space does not, so it is handled here.
                    if (e.key === ' ' || e.key === 'Spacebar') signOut(e)
                  }
                : undefined
            }
          >
            {entry.name}
          </a>
        </li>
      ))}
    </ul>
  )
}
