import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import type { ConsentChoices, ConsentGroup } from '../../../contracts/consentState'
import { useService } from '../../../kernel/react/KernelProvider'
import { useStream } from '../../../kernel/react/useStream'
import { consentRef } from '../../../kernel/services/kernelRefs'
import { consentChoicesRef } from '../consentChoices'
import { bannerCopyRef } from '../consentOptions'
import { BANNER_TITLE_ID, BannerView } from './BannerView'
import { ChoicesView } from './ChoicesView'

/**
 * The live cookie banner (its own chunk): the served banner's markup with working buttons, the
 * choice per group on request, and Escape to close it as it stands. A region, not a modal: the page
 * stays usable behind it. Reopened from "Cookie preferences", it shows the choices at once and takes
 * focus to its title; when it closes, focus goes back to what reopened it.
 */
export default function ConsentBanner() {
  const consent = useService(consentRef)
  const service = useService(consentChoicesRef)
  const banner = useStream(service.banner$, service.banner$.value())
  const state = useStream(consent.state$, consent.state$.value())
  const [choicesOpen, setChoicesOpen] = useState(false)
  const [draft, setDraft] = useState<ConsentChoices>(state.groups)
  const wasOpen = useRef(banner.open)
  const copy = useService(bannerCopyRef)

  useEffect(() => {
    if (banner.open && banner.reopened) {
      setDraft(consent.state$.value().groups)
      setChoicesOpen(true)
      document.getElementById(BANNER_TITLE_ID)?.focus()
    }
    if (!banner.open && wasOpen.current) banner.trigger?.focus()
    wasOpen.current = banner.open
  }, [banner, consent])

  // The banner grows up from the bottom (the choices make it tall on a phone); it stops under the
  // header, whose search box and menu stay in view, and scrolls inside itself beyond that.
  const box = useRef<HTMLDivElement>(null)
  useLayoutEffect(() => {
    const holder = box.current
    if (!banner.open || !holder) return
    const header = holder.closest('[data-brand]')?.querySelector('header')
    const clearHeader = () => {
      const clear = Math.max(0, Math.ceil(header?.getBoundingClientRect().bottom ?? 0))
      holder.style.setProperty('--oh-banner-clear', `${clear}px`)
    }
    clearHeader()
    // The rows above the header (app banner, notices) may arrive after the banner: follow them.
    const rows = new ResizeObserver(clearHeader)
    const shell = holder.closest('[data-brand]')
    if (shell) rows.observe(shell)
    window.addEventListener('resize', clearHeader)
    return () => {
      rows.disconnect()
      window.removeEventListener('resize', clearHeader)
    }
  }, [banner.open])

  if (!banner.open) return null
  const change = (group: ConsentGroup, allowed: boolean) => setDraft((d) => ({ ...d, [group]: allowed }))
  const close = () => {
    setChoicesOpen(false)
    service.choose('close')
  }
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere in the banner closes it as it stands
    <div
      ref={box}
      onKeyDown={(e) => {
        if (e.key === 'Escape') close()
      }}
    >
      <BannerView
        copy={copy}
        choicesOpen={choicesOpen}
        choices={
          choicesOpen ? (
            <ChoicesView copy={copy} choices={draft} gpc={state.gpc} onChange={change} />
          ) : undefined
        }
        actions={{
          onAccept: () => {
            setChoicesOpen(false)
            service.choose('accept')
          },
          onReject: () => {
            setChoicesOpen(false)
            service.choose('reject')
          },
          onChooseOrSave: () => {
            if (!choicesOpen) {
              setDraft(state.groups)
              setChoicesOpen(true)
              return
            }
            setChoicesOpen(false)
            service.choose('save', draft)
          },
          onClose: close,
        }}
      />
    </div>
  )
}
