import type { ReactNode } from 'react'
import {
  type ContentSlot,
  isVisible,
  type NavComponent,
  SLOT_GLOBAL_NOTIFICATION,
  SLOT_HEADER_PROMO,
} from '../../contracts/cms'
import type { FirstViewPage } from '../../contracts/firstView'
import type { Labels } from '../../contracts/labels'
import { switchLanguageUrl } from '../../site/routeTable'
import { supportLink } from '../../site/supportLink'
import { ServedCmsComponents } from './cms/CmsComponents'
import { CmsSlotBox } from './cms/CmsSlot'
import { AppBannerView } from './parts/AppBanner'
import { FreeShippingView } from './parts/FreeShipping'
import { NotificationRow } from './parts/GlobalNotification'
import { LanguageSelectorView } from './parts/LanguageSelector'
import { SupportLinkView } from './parts/SupportLink'
import type { ShellRowName } from './ShellFrame'
import styles from './shell.module.css'
import type { ShellOptions } from './shellOptions'

/** What the page server knows that the shell's own rows show. */
export interface ServedRowsInput {
  page: FirstViewPage
  labels: Labels
  shell: ShellOptions
  /** The navigation slot's components (the support link's caption and address). */
  navigation: readonly NavComponent[]
  /** The header's content slots for this page, targeted for the visitor (the notification, the promo). */
  slots: readonly ContentSlot[]
  /** The rows the page reserved. */
  rows: { eyebrow: boolean; notification: boolean; promo: boolean }
  /** An article's address in the other language (the page's hidden inputs), for the language links. */
  oppositeLanguage?: { category: string; title: string }
}

/**
 * The shell's own rows in the page server's first view (issue 35: the promotion bars were empty
 * coloured strips until the script ran): the app banner and the global notification on top, the
 * utility row (free shipping, support, languages), the promotion row — drawn whole, with the live
 * rows' markup (the same views), so each row goes live in place with nothing moving. Links are links;
 * the buttons only script can answer (the banner's dismiss, the free-shipping terms) carry replay keys
 * for the page's press recorder. CMS paragraphs go through the header's one sanitiser.
 */
export function servedRows(input: ServedRowsInput): Record<ShellRowName, ReactNode> {
  const { labels, page, shell } = input
  const visibleIn = (position: string) =>
    input.slots.find((s) => s.position === position)?.components.component.filter(isVisible) ?? []
  const notification = visibleIn(SLOT_GLOBAL_NOTIFICATION)
  const promo = visibleIn(SLOT_HEADER_PROMO)
  const hrefFor = (lang: typeof page.lang) =>
    lang === page.lang
      ? undefined
      : switchLanguageUrl(`${page.pathname}${page.search}`, lang, {
          brandName: shell.brandSlug,
          oppositeLanguage: input.oppositeLanguage,
        })
  return {
    'shell.top': (
      <>
        <a className={styles.skipLink} href="#main-content">
          {labels['header.skip.to.content']}
        </a>
        {input.rows.eyebrow && <AppBannerView labels={labels} served />}
        {notification.length > 0 ? (
          <NotificationRow labels={labels}>
            <CmsSlotBox position={SLOT_GLOBAL_NOTIFICATION}>
              <ServedCmsComponents components={notification} />
            </CmsSlotBox>
          </NotificationRow>
        ) : (
          input.rows.notification && <div className={styles.notification} />
        )}
      </>
    ),
    'shell.utility': (
      <>
        {shell.freeShipping && <FreeShippingView labels={labels} served />}
        <div className={styles.utilityEnd}>
          <SupportLinkView {...supportLink(input.navigation, labels)} />
          <LanguageSelectorView languages={shell.languages} labels={labels} hrefFor={hrefFor} />
        </div>
      </>
    ),
    'shell.promo':
      promo.length > 0 ? (
        <CmsSlotBox position={SLOT_HEADER_PROMO} className={styles.promo}>
          <ServedCmsComponents components={promo} />
        </CmsSlotBox>
      ) : (
        input.rows.promo && <div className={styles.promo} />
      ),
  }
}
