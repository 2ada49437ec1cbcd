import { Fragment, type ReactNode, type RefObject, useEffect, useMemo, useRef } from 'react'
import { CMS_IMAGE, CMS_PARAGRAPH, type CmsComponent } from '../../../contracts/cms'
import { extractCmsScripts, sanitizeCmsHtml } from '../../../kernel/html/sanitize'
import { useKernel, useService } from '../../../kernel/react/KernelProvider'
import { WholeTextToggle } from '../../../kernel/react/WholeText'
import { headerContextRef } from '../../../kernel/services/kernelRefs'
import styles from '../slots/shell.module.css'
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
    <ParagraphBox component={component} html={html} boxRef={box}>
      {/* A row's paragraph that does not fit: a way to read all of it. */}
      <WholeTextToggle target={box} label={labels['header.text.show.whole']} />
    </ParagraphBox>
  )
}

/** A paragraph's box, the same in the served first view and the live header. */
function ParagraphBox({
  component,
  html,
  boxRef,
  children,
}: {
  component: CmsComponent
  /** The paragraph's HTML once through the one sanitiser (sanitizeCmsHtml). */
  html: string
  boxRef?: RefObject<HTMLDivElement | null>
  /** The live row's whole-text toggle: it lies over the room the box keeps at its end. */
  children?: ReactNode
}) {
  return (
    <div className={styles.cmsCut}>
      <div
        ref={boxRef}
        className={`${styles.cmsParagraph} ${ALIGN[component.horizontalAlignment]}`}
        // Safe: the only HTML the header renders, and it has been through the one sanitiser.
        dangerouslySetInnerHTML={{ __html: html }}
      />
      {children}
    </div>
  )
}

/**
 * Paragraph and image components, each drawn by `paragraph` or as a picture; other type codes are
 * skipped (the CMS may hold more).
 */
function Components({
  components,
  paragraph,
}: {
  components: readonly CmsComponent[]
  paragraph: (component: CmsComponent) => ReactNode
}) {
  return (
    <>
      {components.map((c) =>
        c.typeCode === CMS_PARAGRAPH ? (
          <Fragment key={c.uid}>{paragraph(c)}</Fragment>
        ) : c.typeCode === CMS_IMAGE && c.media ? (
          <div key={c.uid} className={ALIGN[c.horizontalAlignment]}>
            <CmsImage media={c.media} />
          </div>
        ) : null,
      )}
    </>
  )
}

/** The live header's components: paragraphs run their allowed scripts and offer their whole text. */
export default function CmsComponents({ components }: { components: readonly CmsComponent[] }) {
  return <Components components={components} paragraph={(c) => <CmsParagraph component={c} />} />
}

/**
 * The same components as the page server draws them into a row (host/firstView/firstViewHtml.tsx):
 * the same boxes and the same sanitised HTML, drawn before any script (a paragraph's scripts run, and
 * its whole-text toggle comes, once the row has the live content).
 */
export function ServedCmsComponents({ components }: { components: readonly CmsComponent[] }) {
  return (
    <Components
      components={components}
      paragraph={(c) => <ParagraphBox component={c} html={sanitizeCmsHtml(c.content ?? '')} />}
    />
  )
}
