import type { Resource } from '../../../contracts/resource'
import { SERVED_SHELL_ROWS, type ServedShellRows } from '../../../contracts/servedState'
import { headerDataRef } from '../../../contracts/serviceRefs'
import { useServed, useService, useServiceHandle } from '../../../kernel/react/KernelProvider'
import { unchanging, useStream } from '../../../kernel/react/useStream'
import { headerContextRef } from '../../../kernel/services/kernelRefs'
import { supportLink } from '../../../site/supportLink'
import styles from './shell.module.css'

const LOADING = unchanging<Resource<never>>({ status: 'loading' })

/**
 * Support link of the utility bar (site/supportLink.ts has the rule): from the navigation's live
 * answer once the kernel has it; until then as the page server drew it from its own.
 */
export function SupportLink() {
  const { labels } = useService(headerContextRef)
  const served = useServed<ServedShellRows>(SERVED_SHELL_ROWS)?.support
  const navigation = useStream(useServiceHandle(headerDataRef)?.navigation$ ?? LOADING, { status: 'loading' })
  const link =
    navigation.status === 'success'
      ? supportLink(navigation.data, labels)
      : (served ?? supportLink(undefined, labels))
  return <SupportLinkView {...link} />
}

/** The link's markup. */
export function SupportLinkView({ caption, url }: { caption: string; url: string }) {
  return (
    <a className={styles.utilityLink} href={url}>
      {caption}
    </a>
  )
}
