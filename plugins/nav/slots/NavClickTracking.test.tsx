// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { BehaviorSubject } from 'rxjs'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { NavComponent } from '../../../contracts/cms'
import type { HeaderData } from '../../../contracts/serviceRefs'
import { KernelProvider } from '../../../kernel/react/KernelProvider'
import { PluginBoundary } from '../../../kernel/react/PluginBoundary'
import { Slot } from '../../../kernel/react/Slot'
import type { Resource } from '../../../kernel/state/resource'
import { stateStream } from '../../../kernel/state/stateStream'
import { createTestKernel } from '../../../test/createTestKernel'
import analyticsPlugin from '../../analytics'
import navPlugin from '../index'
import { NavClickTracking } from './NavClickTracking'

/** Whether each click's default (following the link) was still allowed once every handler ran. */
let followed: boolean[] = []
const recordAndStay = (e: Event) => {
  if (e.type === 'click' || e.type === 'auxclick') followed.push(!e.defaultPrevented)
  // jsdom cannot navigate; the page stays, as a test's page would with navigation prevented.
  e.preventDefault()
}
beforeEach(() => {
  followed = []
  document.addEventListener('click', recordAndStay)
  document.addEventListener('auxclick', recordAndStay)
})
afterEach(() => {
  cleanup()
  document.removeEventListener('click', recordAndStay)
  document.removeEventListener('auxclick', recordAndStay)
})

const QUIZ_LINK = (
  <a
    href="/quiz"
    data-nav-location="FOOTER"
    data-nav-component="PerfectCupQuiz"
    data-nav-header="Find your coffee"
    data-nav-click-type="text"
  >
    Take the <strong>quiz</strong>
  </a>
)

/** A navigation root built by hand, as the bar, a panel or the phone list would mark it, under the nav plugin. */
function renderTracked(children = QUIZ_LINK) {
  const test = createTestKernel([analyticsPlugin, navPlugin])
  render(
    <KernelProvider kernel={test.kernel}>
      <PluginBoundary pluginId="nav" slot="header.nav" onFault={(f) => test.faults.push(f)}>
        <NavClickTracking>
          <nav aria-label="Main">
            <ul>
              <li>{children}</li>
              <li>
                <span>Not a link</span>
              </li>
            </ul>
          </nav>
        </NavClickTracking>
      </PluginBoundary>
    </KernelProvider>,
  )
  return { ...test, events: () => test.pushed.map((p) => p.payload.event) }
}

const QUIZ_NAVIGATION = {
  event: 'internal_navigation',
  nav_location: 'footer',
  click_text: 'Take the quiz',
  click_path: '/quiz',
  click_type: 'text',
}

describe('delegated click tracking', () => {
  it('a click on a marked link emits once: internal_navigation and the quiz event, exact payloads', async () => {
    const { pushed, faults } = renderTracked()
    await userEvent.click(screen.getByText('quiz'))
    expect(pushed.map((p) => p.payload)).toEqual([
      QUIZ_NAVIGATION,
      { event: 'perfect_cup_quiz_start', nav_location: 'footer', click_path: '/quiz' },
    ])
    expect(pushed.every((p) => p.pluginId === 'nav')).toBe(true)
    expect(faults).toEqual([])
    expect(followed).toEqual([true])
  })

  it('a double click emits twice, no more', async () => {
    const { events } = renderTracked()
    await userEvent.dblClick(screen.getByRole('link', { name: 'Take the quiz' }))
    expect(events()).toEqual([
      'internal_navigation',
      'perfect_cup_quiz_start',
      'internal_navigation',
      'perfect_cup_quiz_start',
    ])
  })

  it('a click with a modifier key (a new tab or window) still tracks', async () => {
    const { pushed } = renderTracked()
    const user = userEvent.setup()
    for (const key of ['Control', 'Meta', 'Shift', 'Alt']) {
      await user.keyboard(`{${key}>}`)
      await user.click(screen.getByRole('link', { name: 'Take the quiz' }))
      await user.keyboard(`{/${key}}`)
    }
    expect(pushed.filter((p) => p.payload.event === 'internal_navigation').map((p) => p.payload)).toEqual([
      QUIZ_NAVIGATION,
      QUIZ_NAVIGATION,
      QUIZ_NAVIGATION,
      QUIZ_NAVIGATION,
    ])
  })

  it('a middle click tracks; a right click does not', () => {
    const { events } = renderTracked()
    const link = screen.getByRole('link', { name: 'Take the quiz' })
    fireEvent(link, new MouseEvent('auxclick', { bubbles: true, button: 2 }))
    expect(events()).toEqual([])
    fireEvent(link, new MouseEvent('auxclick', { bubbles: true, button: 1 }))
    expect(events()).toEqual(['internal_navigation', 'perfect_cup_quiz_start'])
  })

  it('Enter on a focused link (the click it fires) tracks', async () => {
    const { events } = renderTracked()
    screen.getByRole('link', { name: 'Take the quiz' }).focus()
    await userEvent.keyboard('{Enter}')
    expect(events()).toEqual(['internal_navigation', 'perfect_cup_quiz_start'])
  })

  it('a tracked root inside another (a phone list inside the bar) reports each click once', async () => {
    const { events } = renderTracked(<NavClickTracking>{QUIZ_LINK}</NavClickTracking>)
    await userEvent.click(screen.getByRole('link', { name: 'Take the quiz' }))
    expect(events()).toEqual(['internal_navigation', 'perfect_cup_quiz_start'])
  })

  it('a click on a non-link, or on a disclosure button, does nothing', async () => {
    const { events } = renderTracked(
      <button type="button" aria-expanded="false">
        Beverages menu
      </button>,
    )
    await userEvent.click(screen.getByText('Not a link'))
    await userEvent.click(screen.getByRole('button', { name: 'Beverages menu' }))
    await userEvent.click(screen.getByRole('navigation'))
    expect(events()).toEqual([])
  })

  it('a card with its own id raises its card event; a starter-kit offer its openedKSK', async () => {
    const { pushed } = renderTracked(
      <a
        href="/brewco-starter-kit?openedKSK=FIFTYPERCENTBREWER"
        data-nav-location="sideBar"
        data-nav-component="NavStarterKitCardComponent"
        data-nav-click-type="icon"
      >
        <img src="/kit.png" alt="Half-price brewer" />
      </a>,
    )
    await userEvent.click(screen.getByRole('img'))
    expect(pushed.map((p) => p.payload)).toEqual([
      {
        event: 'internal_navigation',
        nav_location: 'sidebar',
        click_text: 'Half-price brewer',
        click_path: '/brewco-starter-kit?openedKSK=FIFTYPERCENTBREWER',
        click_type: 'icon',
      },
      {
        event: 'starter_kit_offer',
        openedKSK: 'FIFTYPERCENTBREWER',
        nav_location: 'sidebar',
        click_path: '/brewco-starter-kit?openedKSK=FIFTYPERCENTBREWER',
      },
      {
        event: 'nav_card_click',
        card_name: 'starter kit',
        card_id: 'NavStarterKitCardComponent',
        nav_location: 'sidebar',
        click_path: '/brewco-starter-kit?openedKSK=FIFTYPERCENTBREWER',
      },
    ])
  })

  it('a tag manager that throws never stops the click: the link is still followed, the fault reported', async () => {
    const { pushed, faults } = renderTracked()
    pushed.push = () => {
      throw new Error('utag exploded')
    }
    await userEvent.click(screen.getByRole('link', { name: 'Take the quiz' }))
    expect(followed).toEqual([true])
    expect(faults.map((f) => [f.code, f.pluginId])).toEqual([['EVENT_HANDLER_FAILED', 'analytics']])
  })
})

describe('the nav plugin tracks its bar (index.ts wiring)', () => {
  const NAV: NavComponent[] = [
    {
      uid: 'DealsBarComponent',
      visible: 'true',
      highlighted: 'true',
      linkName: 'Deals',
      url: '/brewco-deals',
    },
  ]

  it('a click on a top-level item reports internal_navigation as top nav, through the header.nav slot', async () => {
    const navigation: Resource<NavComponent[]> = { status: 'success', data: NAV }
    const headerData = {
      page$: stateStream(new BehaviorSubject<Resource<never>>({ status: 'loading' })),
      navigation$: stateStream(new BehaviorSubject(navigation)),
    } as HeaderData
    const { kernel, pushed } = createTestKernel([analyticsPlugin, navPlugin], { headerData })
    render(
      <KernelProvider kernel={kernel}>
        <Slot name="header.nav" />
      </KernelProvider>,
    )
    await userEvent.click(screen.getByRole('link', { name: 'Deals' }))
    expect(pushed.map((p) => p.payload)).toEqual([
      {
        event: 'internal_navigation',
        nav_location: 'top nav',
        click_text: 'Deals',
        click_path: '/brewco-deals',
        click_type: 'text',
      },
    ])
  })
})
