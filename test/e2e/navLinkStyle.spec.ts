import { expect, type Locator, type Page, test } from '@playwright/test'
import type { Brand } from '../../site/brand'
import { expectNoAxeViolations, openHeader, urlFor } from './support'

/**
 * What the reference CMS marks and hides in the navigation (header spec §3 linkColor and linkIcon,
 * Header spec §5 "only navigation items marked visible render"), as the shopper gets it on every brand: the
 * marked item in its colour with its icon in the bar, the served first view, "More" and the phone
 * menu; the seasonal item an editor switched off in none of them.
 */
const SITES: {
  brand: Brand
  path: string
  label: RegExp
  marked: string
  colour: string
  icon: string
  hidden: string
  menu: RegExp
}[] = [
  {
    brand: 'usb2c',
    path: '/',
    label: /^Main$/,
    marked: 'Deals',
    colour: 'rgb(179, 38, 30)',
    icon: 'tag',
    hidden: 'Holiday Gifts',
    menu: /^Open menu$/,
  },
  {
    brand: 'cab2c',
    path: '/fr/accueil',
    label: /^Navigation principale$/,
    marked: 'Offres',
    colour: 'rgb(179, 38, 30)',
    icon: 'tag',
    hidden: 'Idées cadeaux',
    menu: /^Ouvrir le menu$/,
  },
  {
    brand: 'usafh',
    path: '/',
    label: /^Main$/,
    marked: 'Business Solutions',
    colour: 'rgb(11, 93, 63)',
    icon: 'star',
    hidden: 'Seasonal Offers',
    menu: /^Open menu$/,
  },
]

/** The link's colour as drawn and the icon inside it, if any. */
const look = (link: Locator) =>
  link.evaluate((a) => ({
    colour: getComputedStyle(a).color,
    icon: a.querySelector('svg[data-nav-icon]')?.getAttribute('data-nav-icon') ?? null,
    iconColour: (() => {
      const svg = a.querySelector('svg[data-nav-icon]')
      return svg ? getComputedStyle(svg).color : null
    })(),
  }))

/** Every name the bar holds, on its rows shown or cut off, and in "More". */
const namesIn = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll('[data-part="header.nav"] a, #oh-nav-more a'), (a) =>
      (a.textContent ?? '').trim(),
    ),
  )

for (const site of SITES) {
  test(`${site.brand} ${site.path}: ${site.marked} in its colour with its icon, ${site.hidden} nowhere: bar, served bar, "More", phone menu; axe clean`, async ({
    page,
    browser,
  }) => {
    // The live bar.
    await page.setViewportSize({ width: 1440, height: 900 })
    await openHeader(page, site.brand, site.path)
    const nav = page.getByRole('navigation', { name: site.label })
    const expected = { colour: site.colour, icon: site.icon, iconColour: site.colour }
    expect(await look(nav.getByRole('link', { name: site.marked, exact: true }))).toEqual(expected)
    expect(await namesIn(page)).not.toContain(site.hidden)
    await expect(page.getByText(site.hidden, { exact: true })).toHaveCount(0)

    // "More", for a CMS sending more items than fit: the marked item listed there looks the same.
    await page.addStyleTag({ content: '[data-part="header.nav"] nav { max-width: 320px }' })
    const more = nav.getByRole('button', { name: /^(More|Plus)$/ })
    await more.click()
    const list = page.locator('#oh-nav-more')
    await expect(list).toBeVisible()
    expect(await look(list.getByRole('link', { name: site.marked, exact: true }))).toEqual(expected)
    expect(await namesIn(page)).not.toContain(site.hidden)
    await expectNoAxeViolations(page)

    // The phone menu.
    await page.setViewportSize({ width: 390, height: 800 })
    await page.getByRole('button', { name: site.menu }).click()
    const dialog = page.locator('[role="dialog"][aria-modal="true"]')
    const categories = dialog.getByRole('navigation').first()
    await expect(categories.getByRole('listitem').first()).toBeVisible()
    const row = categories.getByRole(site.brand === 'usafh' ? 'button' : 'link', {
      name: site.marked,
      exact: true,
    })
    expect(await look(row)).toEqual(expected)
    await expect(categories.getByText(site.hidden, { exact: true })).toHaveCount(0)
    await expectNoAxeViolations(page, '#oneHeaderContainer', { enable: ['label-content-name-mismatch'] })

    // The served first view, no script at all: the same bar, drawn by the page server.
    const plain = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 1440, height: 900 },
    })
    const served = await plain.newPage()
    await served.goto(urlFor(site.brand, site.path))
    const servedNav = served.getByRole('navigation', { name: site.label })
    expect(await look(servedNav.getByRole('link', { name: site.marked, exact: true }))).toEqual(expected)
    expect(await namesIn(served)).not.toContain(site.hidden)
    await plain.close()
  })
}
