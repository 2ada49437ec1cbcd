import { SUPPORT_LINK_UID } from '../../../contracts/cms'
import { useService } from '../../../kernel/react/KernelProvider'
import { useStream } from '../../../kernel/react/useStream'
import { headerContextRef, headerDataRef } from '../../../kernel/services/kernelRefs'
import { visibleTopLevelItems } from '../visibleItems'
import styles from './NavBar.module.css'

/** The navigation bar: a list of links (WAI-ARIA disclosure navigation comes with the flyouts). */
export default function NavBar() {
  const { labels } = useService(headerContextRef)
  const data = useService(headerDataRef)
  const navigation = useStream(data.navigation$, { status: 'loading' })
  if (navigation.status !== 'success') {
    return (
      <nav
        className={styles.nav}
        aria-label={labels['header.nav.label']}
        aria-busy={navigation.status === 'loading'}
      />
    )
  }
  const items = visibleTopLevelItems(navigation.data, [SUPPORT_LINK_UID])
  return (
    <nav className={styles.nav} aria-label={labels['header.nav.label']}>
      <ul className={styles.list}>
        {items.map((item) => (
          <li key={item.uid}>
            <a className={item.highlighted ? styles.highlighted : styles.link} href={item.url}>
              {item.name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  )
}
