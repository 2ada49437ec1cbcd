import { useEffect, useMemo, useState } from 'react'
import { CMS_PARAGRAPH, type CmsComponent, SLOT_ACCOUNT_MENU_BANNER } from '../../../contracts/cms'
import { contentSlotsRef } from '../../../contracts/serviceRefs'
import { useOptionalService } from '../../../kernel/react/KernelProvider'
import styles from './auth.module.css'
import { CmsParagraphs, safeParagraphs } from './CmsParagraphs'

/**
 * The account menus' banner (CMS slot `AccountMenuBannerSlot`, fetched by position with
 * `isLoggedIn`, header spec §7): a welcome-back note for customers, an offer for visitors, as the
 * CMS says. Its paragraphs are sanitised like all CMS HTML; nothing shows until they are in, or when
 * the shell (which provides the slot reader) is not running or the fetch failed.
 */
export function AccountBanner({ signedIn }: { signedIn: boolean }) {
  const slots = useOptionalService(contentSlotsRef)
  // Warmed on the way to the account button (AccountSlot), so usually in place as the menu opens.
  const [components, setComponents] = useState<CmsComponent[]>(
    () => slots?.peek(SLOT_ACCOUNT_MENU_BANNER, signedIn) ?? [],
  )
  useEffect(() => {
    let current = true
    setComponents(slots?.peek(SLOT_ACCOUNT_MENU_BANNER, signedIn) ?? [])
    void slots?.components(SLOT_ACCOUNT_MENU_BANNER, signedIn).then((r) => {
      if (current && r.status === 'success') setComponents(r.data)
    })
    return () => {
      current = false
    }
  }, [slots, signedIn])
  const paragraphs = useMemo(
    () =>
      safeParagraphs(
        components.filter((c) => c.typeCode === CMS_PARAGRAPH && c.content).map((c) => c.content ?? ''),
      ),
    [components],
  )
  if (paragraphs.length === 0) return null
  return (
    <div className={styles.accountBanner}>
      <CmsParagraphs paragraphs={paragraphs} />
    </div>
  )
}
