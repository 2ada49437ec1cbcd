import { SUPPORT_LINK_UID } from '../../../contracts/cms'
import { safePathOr } from '../../../kernel/config/safePath'
import { useService } from '../../../kernel/react/KernelProvider'
import { useStream } from '../../../kernel/react/useStream'
import { headerContextRef, headerDataRef } from '../../../kernel/services/kernelRefs'
import styles from '../shell.module.css'

/**
 * Support link: caption and url per language from the navigation data, falling back to the
 * `header.support.*` labels while navigation loads or when it has no support entry (header spec §2).
 */
export function SupportLink() {
  const { labels } = useService(headerContextRef)
  const navigation = useStream(useService(headerDataRef).navigation$, { status: 'loading' })
  const fallbackUrl = safePathOr(labels['header.support.default.url'], '/content/contact-us')
  const entry =
    navigation.status === 'success' ? navigation.data.find((c) => c.uid === SUPPORT_LINK_UID) : undefined
  const caption = entry?.link?.linkName ?? entry?.linkName ?? labels['header.support.label']
  const url = safePathOr(entry?.link?.url ?? entry?.url, fallbackUrl)
  return (
    <a className={styles.utilityLink} href={url}>
      {caption}
    </a>
  )
}
