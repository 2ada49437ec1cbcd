import { useEffect, useMemo, useRef } from 'react'
import { CMS_IMAGE, CMS_PARAGRAPH, type CmsComponent } from '../../../contracts/cms'
import { extractCmsScripts, sanitizeCmsHtml } from '../../../kernel/html/sanitize'
import { useKernel, useService } from '../../../kernel/react/KernelProvider'
import { WholeTextToggle } from '../../../kernel/react/WholeText'
import { headerContextRef } from '../../../kernel/services/kernelRefs'
import styles from '../shell.module.css'
import { CmsImage } from './CmsImage'
import { scheduleCmsScripts } from './scriptPolicy'

const ALIGN = { LEFT: styles.alignLeft, CENTER: styles.alignCenter, RIGHT: styles.alignRight } as const

/** A CMS paragraph: sanitised HTML with ™ ® © as superscript; its scripts go through the script policy. */
function CmsParagraph({ component }: { component: CmsComponent }) {
  const kernel = useKernel()
  const { siteConfig, labels } = useService(headerContextRef)
  const box = useRef<HTMLDivElement>(null)
  const html = useMemo(() => sanitizeCmsHtml(component.content ?? ''), [component.content])
  useEffect(() => {
    const scripts = extractCmsScripts(component.content ?? '')
    if (scripts.length === 0) return
    return scheduleCmsScripts(scripts, {
      allowedHashes: siteConfig.cmsScriptHashes,
      onRefused: (_source, reason) =>
        kernel.reportFault({
          code: 'SLOT_RENDER_FAILED',
          pluginId: 'shell',
          message: `A script in CMS component '${component.uid}' was not run: ${reason}. Add its sha256 hash to header.cms.script.hashes to allow it.`,
        }),
    })
  }, [component.content, component.uid, siteConfig.cmsScriptHashes, kernel])
  return (
    <>
      <div
        ref={box}
        className={`${styles.cmsParagraph} ${ALIGN[component.horizontalAlignment]}`}
        // Safe: the only HTML the header renders, and it has been through the one sanitiser above.
        dangerouslySetInnerHTML={{ __html: html }}
      />
      {/* A one-line row's paragraph that does not fit: a way to read all of it (issue 27). */}
      <WholeTextToggle target={box} label={labels['header.text.show.whole']} />
    </>
  )
}

/** Renders paragraph and image components; other type codes are skipped (the CMS may hold more). */
export default function CmsComponents({ components }: { components: readonly CmsComponent[] }) {
  return (
    <>
      {components.map((c) =>
        c.typeCode === CMS_PARAGRAPH ? (
          <CmsParagraph key={c.uid} component={c} />
        ) : c.typeCode === CMS_IMAGE && c.media ? (
          <div key={c.uid} className={ALIGN[c.horizontalAlignment]}>
            <CmsImage media={c.media} />
          </div>
        ) : null,
      )}
    </>
  )
}
