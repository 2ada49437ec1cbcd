// @vitest-environment jsdom

import { cleanup, render, screen } from '@testing-library/react'
import Cookies from 'js-cookie'
import type { ComponentType } from 'react'
import * as v from 'valibot'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ConsentRecordRequest } from '../../contracts/consent'
import {
  BANNER_FLAG_COOKIE,
  CONSENT_COOKIE,
  defaultChoices,
  parseConsentCookie,
} from '../../contracts/consentCookie'
import { consentStateOf } from '../../contracts/consentState'
import { labelsFrom } from '../../contracts/labels'
import { SERVED_CONSENT } from '../../contracts/servedState'
import { DEFAULT_SITE_CONFIG } from '../../contracts/siteConfig'
import { createConsentStore } from '../../kernel/consent/consentStore'
import type { KernelHttpClient } from '../../kernel/http/createHttpClient'
import { createKernelHandle } from '../../kernel/react/kernelHandle'
import { ServedPart } from '../../kernel/react/ServedPart'
import { consentRef, cookiesRef } from '../../kernel/services/kernelRefs'
import { VISITOR_PROFILE_KEY } from '../../site/visitorProfile'
import { createTestKernel } from '../../test/createTestKernel'
import { bannerCopy } from './bannerCopy'
import { consentChoicesRef } from './consentChoices'
import { CONSENT_EVENT } from './consentMode'
import { ConsentOptionsSchema } from './consentOptions'
import firstView from './firstView'
import consentPlugin from './index'
import { OUTBOX_KEY } from './recordOutbox'

const siteConfig = {
  consentPolicyVersion: '2026-12',
  consentOptIn: false,
  allowedCookies: [
    ...DEFAULT_SITE_CONFIG.allowedCookies,
    CONSENT_COOKIE,
    BANNER_FLAG_COOKIE,
    'visitorSegments',
    'languageChosen',
  ],
  consentFunctionalCookies: ['languageChosen'],
  consentAnalyticalCookies: ['utag_main', 'placeOrder@/ADC'],
  consentTargetingCookies: ['visitorSegments'],
}

function startConsent({ gpc = false, optIn = false } = {}) {
  const consent = createConsentStore(
    consentStateOf({ choices: defaultChoices(optIn), chosen: false, policyVersion: '2026-12', gpc }),
  )
  const posted: ConsentRecordRequest[] = []
  const http = {
    request: vi.fn(async (req: { body?: unknown }) => {
      posted.push(req.body as ConsentRecordRequest)
      return { ok: true, status: 201, data: {} }
    }),
  } as unknown as KernelHttpClient
  const { kernel, faults } = createTestKernel([consentPlugin], {
    consent,
    http,
    siteConfig: { ...siteConfig, consentOptIn: optIn },
  })
  expect(faults).toEqual([])
  return { kernel, consent, posted, choices: kernel.services.get(consentChoicesRef) }
}

afterEach(() => {
  cleanup()
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name)
  localStorage.clear()
  ;(window as Window & { dataLayer?: unknown[] }).dataLayer = undefined
})

describe('consent plugin', () => {
  it('shows the banner while consent is due, and tells Consent Mode its default at start', () => {
    const { choices } = startConsent()
    expect(choices.banner$.value().open).toBe(true)
    const layer = (window as Window & { dataLayer?: IArguments[] }).dataLayer ?? []
    expect([...layer[0]!]).toEqual([
      'consent',
      'default',
      {
        analytics_storage: 'granted',
        ad_storage: 'granted',
        ad_user_data: 'granted',
        ad_personalization: 'granted',
        wait_for_update: 500,
      },
    ])
  })

  it('reject all: the state changes at once, the denied groups’ cookies go, the choice is kept and recorded once', async () => {
    localStorage.setItem(VISITOR_PROFILE_KEY, '{"badges":{"purchaser":true}}')
    const { kernel, consent, posted, choices } = startConsent()
    expect(localStorage.getItem(VISITOR_PROFILE_KEY)).not.toBeNull()
    const removed = vi.spyOn(kernel.services.get(cookiesRef), 'remove')
    const events: unknown[] = []
    window.addEventListener(CONSENT_EVENT, (e) => events.push((e as CustomEvent).detail))
    choices.choose('reject')
    expect(consent.state$.value()).toMatchObject({
      chosen: true,
      groups: { functional: false, analytical: false, targeting: false },
    })
    expect(removed.mock.calls).toEqual([
      ['languageChosen', { path: '/' }],
      ['utag_main', { path: '/' }],
      ['placeOrder', { path: '/ADC' }],
      ['visitorSegments', { path: '/' }],
    ])
    // The visitor profile its cookie copies goes with it (whoever wrote it).
    expect(localStorage.getItem(VISITOR_PROFILE_KEY)).toBeNull()
    const stored = parseConsentCookie(Cookies.get(CONSENT_COOKIE))
    expect(stored).toMatchObject({
      choices: { functional: false, analytical: false, targeting: false },
      policyVersion: '2026-12',
    })
    expect(Cookies.get(BANNER_FLAG_COOKIE)).toBe('true')
    expect(choices.banner$.value().open).toBe(false)
    const layer = (window as Window & { dataLayer?: IArguments[] }).dataLayer ?? []
    expect([...layer.at(-1)!]).toEqual([
      'consent',
      'update',
      {
        analytics_storage: 'denied',
        ad_storage: 'denied',
        ad_user_data: 'denied',
        ad_personalization: 'denied',
      },
    ])
    expect(events).toHaveLength(1)
    await vi.waitFor(() => expect(posted).toHaveLength(1))
    expect(posted[0]).toMatchObject({
      consentId: stored!.consentId,
      action: 'reject',
      lang: 'en',
      policyVersion: '2026-12',
      choices: { functional: false, analytical: false, targeting: false },
      gpc: false,
    })
    expect(JSON.parse(localStorage.getItem(OUTBOX_KEY) ?? '[]')).toEqual([])
  })

  it('every choice is its own record under the same consent id, with its own idempotency key', async () => {
    const { posted, choices } = startConsent()
    choices.choose('accept')
    choices.open(null)
    expect(choices.banner$.value()).toMatchObject({ open: true, reopened: true })
    choices.choose('save', { functional: true, analytical: false, targeting: true })
    await vi.waitFor(() => expect(posted).toHaveLength(2))
    expect(posted.map((p) => p.action)).toEqual(['accept', 'save'])
    expect(new Set(posted.map((p) => p.consentId)).size).toBe(1)
    expect(new Set(posted.map((p) => p.idempotencyKey)).size).toBe(2)
  })

  it('GPC: targeting stays denied after accept all, the record says GPC was on, and its cookies never get written', () => {
    const { kernel, consent, posted, choices } = startConsent({ gpc: true })
    choices.choose('accept')
    expect(consent.state$.value().groups.targeting).toBe(false)
    expect(consent.state$.value().consentMode.ad_user_data).toBe('denied')
    expect(kernel.services.get(cookiesRef).set('visitorSegments', 'UnknownUser')).toBe(false)
    return vi.waitFor(() => expect(posted[0]).toMatchObject({ gpc: true, action: 'accept' }))
  })

  it('opt-in (cab2c): before a choice only functional cookies are written, and no visitor profile is kept', () => {
    localStorage.setItem(VISITOR_PROFILE_KEY, '{"metrics":{"visits":4}}')
    const { kernel } = startConsent({ optIn: true })
    expect(localStorage.getItem(VISITOR_PROFILE_KEY)).toBeNull()
    const cookies = kernel.services.get(cookiesRef)
    expect(kernel.services.get(consentRef).allows('analytical')).toBe(false)
    expect(cookies.set('visitorSegments', 'UnknownUser')).toBe(false)
    expect(cookies.set('languageChosen', 'true')).toBe(true)
  })

  it('never shows the banner in the app webview, nor reopens it there', () => {
    window.history.replaceState({}, '', '/c/coffee?webview=1')
    const { choices } = startConsent()
    expect(choices.banner$.value().open).toBe(false)
    choices.open(null)
    expect(choices.banner$.value().open).toBe(false)
    window.history.replaceState({}, '', '/')
  })

  it('reopens from a #cookie-preferences link anywhere on the page', () => {
    const { choices } = startConsent()
    choices.choose('accept')
    document.body.insertAdjacentHTML(
      'beforeend',
      '<footer><a href="#cookie-preferences">Cookie preferences</a></footer>',
    )
    screen.getByRole('link', { name: 'Cookie preferences' }).click()
    expect(choices.banner$.value()).toMatchObject({ open: true, reopened: true })
    document.querySelector('footer')?.remove()
  })
})

describe('the served banner (its part, drawn once)', () => {
  /**
   * The banner's part as the page server renders it (and the browser hydrates it), before any kernel:
   * from the options it decoded and whether consent is due.
   */
  function View(p: { lang: 'en' | 'fr'; bannerDue: boolean; options?: unknown }) {
    const Part = firstView.parts?.['header.cookieBanner'] as ComponentType
    return (
      <ServedPart
        pluginId="consent"
        slot="header.cookieBanner"
        options={v.parse(ConsentOptionsSchema, p.options)}
        context={{
          brand: 'usb2c',
          lang: p.lang,
          correlationId: '',
          location: { pathname: '/', search: '', hash: '' },
          siteConfig: DEFAULT_SITE_CONFIG,
          labels: labelsFrom(),
          hiddenInputs: {},
        }}
        data={{ [SERVED_CONSENT]: { bannerDue: p.bannerDue } }}
        handle={createKernelHandle()}
        Component={Part}
      />
    )
  }
  const props = (lang: 'en' | 'fr', bannerDue: boolean, options?: unknown) => ({ lang, bannerDue, options })

  it('is there with nav spec §9’s English copy while consent is due, its buttons kept for the live one', () => {
    render(<View {...props('en', true)} />)
    const region = screen.getByRole('region', { name: 'Cookies & Privacy Information' })
    expect(region).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'CA Notice at Collection' })).toBeTruthy()
    // Enabled: a press on one is recorded by the page's press recorder and answered by the live banner.
    const buttons = screen.getAllByRole('button') as HTMLButtonElement[]
    expect(buttons.map((b) => [b.disabled, b.dataset.replay, 'replayPending' in b.dataset])).toEqual([
      [false, 'consent:reject', true],
      [false, 'consent:accept', true],
      [false, 'consent:choose', true],
      [false, 'consent:close', true],
    ])
  })

  it('in French', () => {
    render(<View {...props('fr', true)} />)
    expect(screen.getByRole('region', { name: 'Témoins et renseignements personnels' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Fermer la bannière des témoins' })).toBeTruthy()
  })

  it('a Canadian store links its own notices in both languages, never California’s', () => {
    for (const [lang, policy, cookies, href] of [
      ['en', 'Privacy Policy', 'Cookie Policy', '/privacy-policy#cookies'],
      [
        'fr',
        'Politique de confidentialité',
        'Politique relative aux témoins',
        '/fr/politique-de-confidentialite#temoins',
      ],
    ] as const) {
      const { container, unmount } = render(<View {...props(lang, true, { notices: 'ca' })} />)
      const links = [...container.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')])
      expect(links[0]?.[0]).toBe(policy)
      expect(links[1]).toEqual([cookies, href])
      expect(container.textContent).not.toMatch(/Californi|CA Notice/)
      unmount()
    }
  })

  it('French typography: no line can start with the colon or a guillemet of its phrase', () => {
    const { container, unmount } = render(<View {...props('fr', true)} />)
    const text = container.textContent ?? ''
    expect(text).toContain('«\u00a0Préférences de témoins\u00a0»')
    expect(text).not.toMatch(/ [:;!?»]|« /)
    unmount()
    expect(bannerCopy('fr', 'ca').necessary).toContain('actifs\u00a0: la boutique')
    expect(bannerCopy('fr', 'us').gpcNote).toMatch(/^Désactivés\u00a0: /)
  })

  it('is not there once consent is given', () => {
    const { container } = render(<View {...props('en', false)} />)
    expect(container.innerHTML).toBe('')
  })

  it('is drawn by the very component the live header runs: no second view of the banner', () => {
    expect(consentPlugin.slots?.['header.cookieBanner']).toEqual({
      kind: 'eager',
      component: firstView.parts?.['header.cookieBanner'],
    })
  })
})
