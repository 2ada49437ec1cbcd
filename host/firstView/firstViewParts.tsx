import type { ReactNode } from 'react'
import * as v from 'valibot'
import {
  ComponentsResponseSchema,
  NavigationSlotResponseSchema,
  SiteConfigResponseSchema,
  SUPPORT_LINK_UID,
} from '../../contracts/cms'
import type { FirstViewBodies, FirstViewShopper } from '../../contracts/firstView'
import { type Labels, labelsFrom } from '../../contracts/labels'
import { parseSiteConfig } from '../../contracts/siteConfig'
import { AccountButtonFace, accountButtonStyles } from '../../plugins/auth/slots/AccountButtonFace'
import { greetingText } from '../../plugins/auth/slots/greeting'
import { NavBarView } from '../../plugins/nav/slots/NavBarView'
import { type NavItem, visibleTopLevelItems } from '../../plugins/nav/visibleItems'
import type { HandOver } from '../../plugins/search/slots/handOver'
import { PlainSearchForm } from '../../plugins/search/slots/PlainSearchForm'
import { type Lang, localizedPath } from '../../site/language'
import { BRAND_CONFIGS } from '../brands'
import { splitList } from '../pageContext'
import { MiniCartLinkView } from '../shell/parts/MiniCartLinkView'
import type { FrameProps } from '../shell/ShellFrame'

/** What the first view is painted from: configuration, labels and the navigation bar's items. */
export interface FirstViewData {
  labels: Labels
  searchLimit: number
  disabledPlugins: readonly string[]
  navItems: NavItem[]
}

/**
 * The first view's data from the three start-up answers' bodies (`cms/siteConfig`, the
 * NavigationBarSlot's uids, then its `cms/components`), decoded by the same schemas the kernel uses:
 * the entry reads them from the page's preloaded calls, the page server from its own CMS. Undefined
 * when any of them is missing or of the wrong shape: the kernel then reports it as usual, and the
 * frame waits for the shell.
 */
export function firstViewDataFrom(bodies: FirstViewBodies): FirstViewData | undefined {
  const site = decoded(bodies.site, SiteConfigResponseSchema)
  const slot = decoded(bodies.slot, NavigationSlotResponseSchema)
  const components = decoded(bodies.components, ComponentsResponseSchema)
  if (!site || !slot || !components) return undefined
  const config = parseSiteConfig(site.siteConfigurations.entry)
  const byUid = new Map(components.component.map((c) => [c.uid, c]))
  const ordered = slot.componentUids.componentUidList.flatMap((uid) => byUid.get(uid) ?? [])
  return {
    labels: labelsFrom(site.messageItems.entry),
    searchLimit: config.searchCharacterLimit,
    disabledPlugins: config.disabledPlugins,
    navItems: visibleTopLevelItems(ordered, {
      exclude: [SUPPORT_LINK_UID],
      flyouts: config.navFlyoutEnabled,
    }),
  }
}

function decoded<T>(body: unknown, schema: v.GenericSchema<unknown, T>): T | undefined {
  if (body === undefined) return undefined
  const result = v.safeParse(schema, body)
  return result.success ? result.output : undefined
}

/**
 * The whole header's first view: the parts the shopper needs at once — navigation, an enabled search
 * box, the account control and the cart — drawn by the very components the plugins and the shell
 * render, so the kernel's shell replaces them in place without moving anything. Only the parts of
 * plugins this page runs. Each works before any plugin code has run, and without script at all
 * (the page server's copy): links are links, Enter in the box goes to the search page (what is typed
 * is handed to the search slot through `handOver`), the account control goes to the log-in page (or,
 * signed in, to the account pages). Pure: the same parts in the browser and on the page server.
 */
export function firstViewParts(
  data: FirstViewData,
  page: { brand: FrameProps['brand']; lang: Lang; disabled: string },
  shopper: FirstViewShopper,
  handOver: HandOver,
): FrameProps['parts'] {
  const { labels, navItems, searchLimit } = data
  const runs = new Set(BRAND_CONFIGS[page.brand].plugins.map((p) => p.id) as string[])
  for (const id of [...data.disabledPlugins, ...splitList(page.disabled)]) runs.delete(id)
  const parts: Record<'nav' | 'search' | 'account', ReactNode> = {
    nav: runs.has('nav') && <NavBarView labels={labels} items={navItems} />,
    search: runs.has('search') && (
      <PlainSearchForm labels={labels} lang={page.lang} limit={searchLimit} handOver={handOver} />
    ),
    account: runs.has('auth') && <AccountLink labels={labels} lang={page.lang} shopper={shopper} />,
  }
  return { ...parts, cart: <MiniCartLinkView lang={page.lang} labels={labels} /> }
}

/**
 * The account control before the auth plugin's code has run, in the account button's box: "Log In"
 * to the log-in page, or, when the session cookies say the shopper is signed in, their greeting to
 * the account pages. The auth plugin's button takes its place when it starts.
 */
function AccountLink({ labels, lang, shopper }: { labels: Labels; lang: Lang; shopper: FirstViewShopper }) {
  const text = shopper.signedIn
    ? greetingText(labels, {
        status: 'signedIn',
        firstName: shopper.firstName,
        customerId: '',
        agent: null,
        sessionExpiresAt: 0,
      })
    : labels['header.log.in']
  return (
    <div className={accountButtonStyles.account}>
      <a
        className={accountButtonStyles.accountButton}
        href={localizedPath(lang, shopper.signedIn ? '/my-account' : '/login')}
        data-testid="account-button"
      >
        <AccountButtonFace text={text} chevron={shopper.signedIn} />
      </a>
    </div>
  )
}
