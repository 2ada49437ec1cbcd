// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import Cookies from 'js-cookie'
import * as v from 'valibot'
import { afterEach, describe, expect, it } from 'vitest'
import { labelsFrom } from '../../contracts/labels'
import { labelEntries } from '../../contracts/labelTexts'
import { definePlugin } from '../../kernel/plugin/definePlugin'
import type { LinkComponentProps } from '../../kernel/plugin/linkComponents'
import AccountSlot from '../../plugins/auth/slots/AccountSlot'
import MobileMenu from '../../plugins/auth/slots/MobileMenu'
import { expectNoAxeViolations } from '../../plugins/auth/test/expectNoAxeViolations'
import { createFakeAuthSession } from '../../plugins/auth/test/fakeAuthSession'
import { type RenderAuthOptions, renderAuthSlots } from '../../plugins/auth/test/renderAuthSlot'
import { createShellPlugin } from '../../plugins/shell'
import { BRAND_CONFIGS } from '.'

const setCookies: string[] = []
const cookie = (name: string, value: string) => {
  Cookies.set(name, value)
  setCookies.push(name)
}
afterEach(() => {
  cleanup()
  for (const name of setCookies.splice(0)) Cookies.remove(name)
})

const authOptionsOf = (brand: keyof typeof BRAND_CONFIGS) =>
  BRAND_CONFIGS[brand].plugins.find((p) => p.id === 'auth')?.options as RenderAuthOptions['pluginOptions']

/** The links of the menu's "Auto Delivery" sub-menu (a list named by its caption): name and address. */
const autoDeliveryLinks = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('list', { name: 'Auto Delivery' }))
    .getAllByRole('link')
    .map((a) => [a.textContent, a.getAttribute('href')])

async function openMenu(options: RenderAuthOptions) {
  const user = userEvent.setup()
  const rendered = renderAuthSlots([MobileMenu, AccountSlot], { mobile: true, ...options })
  await user.click(screen.getByRole('button', { name: /Open menu|Ouvrir le menu/ }))
  const dialog = await screen.findByRole('dialog')
  return { ...rendered, user, dialog }
}

describe('brand link entries in the menus (header spec §3, §5)', () => {
  it('usb2c: a caption (not a link) names its nested sub-menu; cookies and the web-app flag pick the entries', async () => {
    cookie('isPerksOptIn', 'true')
    cookie('autoDeliveryItem', 'true')
    const { dialog } = await openMenu({
      session: createFakeAuthSession({ signedIn: true }),
      pluginOptions: authOptionsOf('usb2c'),
    })
    expect(autoDeliveryLinks(dialog)).toEqual([['My Auto Delivery', '/my-account/my-replenishment']])
    expect(within(dialog).queryByRole('link', { name: 'Auto Delivery' })).toBeNull()
    expect(within(dialog).getByRole('link', { name: 'My Perks' }).getAttribute('href')).toBe(
      '/my-account/loyalty',
    )
    expect(within(dialog).queryByRole('link', { name: 'Customer Lookup' })).toBeNull()
    await expectNoAxeViolations()
  })

  it('usb2c without the cookies: Start Auto Delivery, no My Perks', async () => {
    const { dialog } = await openMenu({
      session: createFakeAuthSession({ signedIn: true }),
      pluginOptions: authOptionsOf('usb2c'),
    })
    expect(autoDeliveryLinks(dialog)).toEqual([['Start Auto Delivery', '/coffee-auto-delivery']])
    expect(within(dialog).queryByRole('link', { name: 'My Perks' })).toBeNull()
  })

  it('cab2c: the shell registers its language links and the menu renders them as an entry', async () => {
    const shell = createShellPlugin(BRAND_CONFIGS.cab2c.shell)
    const { dialog, faults } = await openMenu({
      plugins: [shell],
      pluginOptions: authOptionsOf('cab2c'),
      context: {
        brand: 'cab2c',
        location: { pathname: '/c/coffee', search: '', hash: '' },
        labels: labelsFrom(labelEntries('cab2c', 'en')),
      },
    })
    const french = await within(dialog).findByRole('link', { name: 'Français' })
    expect(french.getAttribute('href')).toBe('/fr/c/coffee')
    expect(french.getAttribute('lang')).toBe('fr')
    expect(faults).toEqual([])
    await expectNoAxeViolations()
  })

  it('a component its running plugin never registered, or wrong options, render nothing and are reported', async () => {
    const shell = createShellPlugin(BRAND_CONFIGS.usb2c.shell)
    const { dialog, faults } = await openMenu({
      plugins: [shell],
      pluginOptions: {
        links: [
          { isCustomComponent: true, customComponent: 'shell.nothingHere', dataSelector: 'ghost' },
          { isCustomComponent: true, customComponent: 'later.widget', dataSelector: 'later' },
        ],
      },
    })
    await waitFor(() =>
      expect(faults).toEqual([
        expect.objectContaining({
          code: 'LINK_COMPONENT_INVALID',
          pluginId: 'shell',
          message:
            "'shell' is running but never registered link component 'shell.nothingHere' (its manifest's linkComponents has no 'nothingHere')",
        }),
      ]),
    )
    // A plugin that is not running (yet) is not a fault: its entry waits, empty.
    expect(
      within(dialog)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toContain('Support')
  })

  it("a component's options are decoded by its own schema: fitting ones render, others are reported", async () => {
    const demo = definePlugin({
      id: 'demo',
      linkComponents: {
        badge: {
          options: v.strictObject({ text: v.string() }),
          load: async () => ({
            default: ({ options }: LinkComponentProps<{ text: string }>) => <span>{options.text}</span>,
          }),
        },
      },
    })
    const { dialog, faults } = await openMenu({
      plugins: [demo],
      pluginOptions: {
        links: [
          {
            isCustomComponent: true,
            customComponent: 'demo.badge',
            options: { text: 'Hello' },
            dataSelector: 'a',
          },
          {
            isCustomComponent: true,
            customComponent: 'demo.badge',
            options: { text: 42 },
            dataSelector: 'b',
          },
        ],
      },
    })
    expect(await within(dialog).findByText('Hello')).toBeTruthy()
    await waitFor(() =>
      expect(faults).toEqual([
        expect.objectContaining({
          code: 'LINK_COMPONENT_INVALID',
          pluginId: 'demo',
          message: expect.stringMatching(/^link component 'demo.badge' got options it cannot use: .*text/),
        }),
      ]),
    )
  })
})
