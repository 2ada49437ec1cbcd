import { headerDataRef } from '../../../contracts/serviceRefs'
import { useService } from '../../../kernel/react/KernelProvider'
import { useStream } from '../../../kernel/react/useStream'
import { headerContextRef } from '../../../kernel/services/kernelRefs'
import { supportLink } from '../../../site/supportLink'
import styles from '../shell.module.css'

/** Support link of the utility bar (site/supportLink.ts has the rule). */
export function SupportLink() {
  const { labels } = useService(headerContextRef)
  const navigation = useStream(useService(headerDataRef).navigation$, { status: 'loading' })
  return (
    <SupportLinkView
      {...supportLink(navigation.status === 'success' ? navigation.data : undefined, labels)}
    />
  )
}

/** The link's markup, the same in the served first view and the live header. */
export function SupportLinkView({ caption, url }: { caption: string; url: string }) {
  return (
    <a className={styles.utilityLink} href={url}>
      {caption}
    </a>
  )
}
