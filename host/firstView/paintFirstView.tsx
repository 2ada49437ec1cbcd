import Cookies from 'js-cookie'
import type { ReactNode } from 'react'
import * as v from 'valibot'
import { AUTH_COOKIES } from '../../contracts/auth'
import {
  ComponentsResponseSchema,
  NavigationSlotResponseSchema,
  SiteConfigResponseSchema,
  SUPPORT_LINK_UID,
} from '../../contracts/cms'
import { type Labels, labelsFrom } from '../../contracts/labels'
import { parseSiteConfig } from '../../contracts/siteConfig'
import { AccountButtonFace, accountButtonStyles } from '../../plugins/auth/slots/AccountButtonFace'
import { greetingText } from '../../plugins/auth/slots/greeting'
import { NavBarView } from '../../plugins/nav/slots/NavBarView'
import { type NavItem, visibleTopLevelItems } from '../../plugins/nav/visibleItems'
import { SEARCH_PAGE, textFromSearch } from '../../plugins/search/searchText'
import { firstViewHandOver, PlainSearchForm } from '../../plugins/search/slots/PlainSearchForm'
import { type Lang, localizedPath } from '../../site/language'
import { BRAND_CONFIGS } from '../brands'
import { splitList } from '../pageContext'
import { MiniCartLinkView } from '../shell/parts/MiniCartLinkView'
import type { FrameProps } from '../shell/ShellFrame'
import type { EarlyCalls } from './earlyCalls'

/** What the first view is painted from: configuration, labels and the navigation bar's items. */
export interface FirstViewData {
  labels: Labels
  searchLimit: number
  disabledPlugins: readonly string[]
  navItems: NavItem[]
}

/**
 * Reads the first view's data from the page's preloaded answers: site configuration and labels
 * (`cms/siteConfig`) and the navigation (`cms/content-slots/NavigationBarSlot`, then `cms/components`),
 * decoded by the same schemas the kernel uses. Undefined when any of them is missing, failed or of the
 * wrong shape: the kernel then reports it as usual, and the frame waits for the shell.
 */
export async function readFirstViewData(calls: EarlyCalls): Promise<FirstViewData | undefined> {
  const [site, slot, components] = await Promise.all([
    decoded(calls, '/cms/siteConfig', SiteConfigResponseSchema),
    decoded(calls, '/cms/content-slots/NavigationBarSlot', NavigationSlotResponseSchema),
    decoded(calls, '/cms/components', ComponentsResponseSchema),
  ])
  if (!site || !slot || !components) return undefined
  const config = parseSiteConfig(site.siteConfigurations.entry)
  const byUid = new Map(components.component.map((c) => [c.uid, c]))
  const ordered = slot.componentUids.componentUidList.flatMap((uid) => byUid.get(uid) ?? [])
  return {
    labels: labelsFrom(site.messageItems.entry),
    searchLimit: config.searchCharacterLimit,
    disabledPlugins: config.disabledPlugins,
    navItems: visibleTopLevelItems(ordered, [SUPPORT_LINK_UID]),
  }
}

async function decoded<T>(calls: EarlyCalls, path: string, schema: v.GenericSchema<unknown, T>) {
  const answer = await calls.read(path)
  if (!answer || answer.status < 200 || answer.status >= 300) return undefined
  try {
    const result = v.safeParse(schema, JSON.parse(answer.text))
    return result.success ? result.output : undefined
  } catch {
    return undefined
  }
}

/**
 * The whole header's first view: the parts the shopper needs at once — navigation, an enabled search
 * box, the account control and the cart — drawn by the very components the plugins and the shell
 * render, so the kernel's shell replaces them in place without moving anything. Only the parts of
 * plugins this page runs. Each works before any plugin code has run: links are links, Enter in the
 * box goes to the search page (and what is typed is handed to the search slot), the account control
 * goes to the log-in page (or, signed in, to the account pages).
 */
export function firstViewParts(
  data: FirstViewData,
  page: { brand: FrameProps['brand']; lang: Lang; pathname: string; search: string; disabled: string },
): FrameProps['parts'] {
  const { labels, navItems, searchLimit } = data
  const runs = new Set(BRAND_CONFIGS[page.brand].plugins.map((p) => p.id) as string[])
  for (const id of [...data.disabledPlugins, ...splitList(page.disabled)]) runs.delete(id)
  if (page.pathname === SEARCH_PAGE[page.lang] && !firstViewHandOver.touched)
    firstViewHandOver.text = textFromSearch(page.search, searchLimit)
  const parts: Record<'nav' | 'search' | 'account', ReactNode> = {
    nav: runs.has('nav') && <NavBarView label={labels['header.nav.label']} items={navItems} />,
    search: runs.has('search') && (
      <PlainSearchForm labels={labels} lang={page.lang} limit={searchLimit} handOver={firstViewHandOver} />
    ),
    account: runs.has('auth') && <AccountLink labels={labels} lang={page.lang} />,
  }
  return { ...parts, cart: <MiniCartLinkView lang={page.lang} labels={labels} /> }
}

/**
 * The account control before the auth plugin's code has run, in the account button's box: "Log In"
 * to the log-in page, or, when the session cookies say the shopper is signed in, their greeting to
 * the account pages. The auth plugin's button takes its place when it starts.
 */
function AccountLink({ labels, lang }: { labels: Labels; lang: Lang }) {
  const signedIn = Boolean(Cookies.get(AUTH_COOKIES.refreshToken) || Cookies.get(AUTH_COOKIES.accessToken))
  const firstName = Cookies.get(AUTH_COOKIES.customerFirstName) ?? ''
  const text = signedIn
    ? greetingText(labels, {
        status: 'signedIn',
        firstName,
        customerId: '',
        agent: null,
        sessionExpiresAt: 0,
      })
    : labels['header.log.in']
  return (
    <div className={accountButtonStyles.account}>
      <a
        className={accountButtonStyles.accountButton}
        href={localizedPath(lang, signedIn ? '/my-account' : '/login')}
        data-testid="account-button"
      >
        <AccountButtonFace text={text} chevron={signedIn} />
      </a>
    </div>
  )
}
