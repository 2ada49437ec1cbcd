import { expect, test } from '@playwright/test'
import { loadCorpus } from '../corpus'
import { openHeader } from './support'

const corpus = loadCorpus('xss-payloads')

/** Every corpus vector as a CMS paragraph in both header slots, plus a script the policy must refuse. */
function hostilePage() {
  const component = (payload: string, i: number) => ({
    typeCode: 'CMSParagraphComponent',
    uid: `xss-${i}`,
    visible: 'true',
    content: payload,
  })
  const all = corpus.cases.map((c, i) => component(c.payload, i))
  all.push(component('<p>Hello™</p><script>window.__xssFired("cms-script")</script>', 999))
  return {
    uid: 'oneHeader',
    contentSlots: {
      contentSlot: [
        { position: 'GlobalNotificationSlot', components: { component: all } },
        { position: 'HeaderPromoSlot', components: { component: all } },
      ],
    },
  }
}

test(`none of the ${corpus.cases.length} XSS vectors in CMS content runs a script`, async ({ page }) => {
  const fired: string[] = []
  await page.exposeFunction('__xssFired', (what: string) => fired.push(what))
  await page.addInitScript(() => {
    const report = (what: string) =>
      (window as unknown as { __xssFired: (w: string) => void }).__xssFired(what)
    window.alert = () => report('alert')
    window.confirm = () => {
      report('confirm')
      return false
    }
    window.prompt = () => {
      report('prompt')
      return null
    }
  })
  page.on('dialog', (d) => {
    fired.push(`dialog:${d.message()}`)
    void d.dismiss()
  })
  await page.route('**/rest/v2/*/cms/pages*', (route) => route.fulfill({ json: hostilePage() }))
  await openHeader(page, 'usb2c', '/cart')
  const notification = page.locator('[data-cms-slot="GlobalNotificationSlot"]')
  await expect(notification).toBeAttached()
  await expect(notification.locator('sup').first()).toHaveText('™')
  // Hover and focus everything the CMS put on the page, then wait past the 1000 ms script delay.
  for (const el of await page.locator('[data-cms-slot] *').all()) {
    await el.dispatchEvent('mouseover').catch(() => {})
    await el.dispatchEvent('focus').catch(() => {})
  }
  await page.waitForTimeout(1500)
  expect(fired).toEqual([])
  expect(await page.locator('[data-cms-slot] script').count()).toBe(0)
  const handlers = await page.evaluate(() =>
    [...document.querySelectorAll('[data-cms-slot] *')].flatMap((el) =>
      [...el.attributes].filter((a) => a.name.startsWith('on')).map((a) => `${el.tagName}.${a.name}`),
    ),
  )
  expect(handlers).toEqual([])
})
