import { readFileSync } from 'node:fs'
import { expect, type Page, test } from '@playwright/test'
import { collectConsole, openHeader } from './support'

/** The nav plugin's chunk, as the build named it. */
function navChunk(): string {
  const manifest = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8')) as Record<
    string,
    { file: string }
  >
  const entry = manifest['plugins/nav/index.ts']
  if (!entry)
    throw new Error('dist/.vite/manifest.json has no entry for plugins/nav/index.ts: run npm run build')
  return entry.file
}

/**
 * The page a server renders for a configuration that switches nav off: the reference server
 * lists only enabled plugins for preloading (preloadHints.ts, unit-tested), so this removes the nav
 * chunk it listed for the real configuration. What is left to prove is that the header itself
 * never asks for the chunk.
 */
async function withoutNavPreload(page: Page, chunk: string, edit: (html: string) => string = (h) => h) {
  await page.route('**/*', async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback()
    const response = await route.fetch()
    // The chunk is listed in the container's data-preload (fetched after the first paint).
    const html = (await response.text()).replace(`/${chunk}`, '')
    await route.fulfill({ response, body: edit(html) })
  })
}

test('a plugin switched off in site configuration is never requested and leaves no trace', async ({
  page,
}) => {
  const chunk = navChunk()
  const requested: string[] = []
  page.on('request', (r) => requested.push(new URL(r.url()).pathname))
  await withoutNavPreload(page, chunk)
  await page.route('**/rest/v2/*/cms/siteConfig*', async (route) => {
    const response = await route.fetch()
    const body = await response.json()
    body.siteConfigurations.entry = body.siteConfigurations.entry.filter(
      (e: { key: string }) => e.key !== 'header.plugins.disabled',
    )
    body.siteConfigurations.entry.push({ key: 'header.plugins.disabled', value: 'nav' })
    await route.fulfill({ response, json: body })
  })
  await openHeader(page, 'usb2c', '/')
  await expect(page.getByRole('link', { name: /support/i })).toBeVisible()
  expect(requested).not.toContain(`/${chunk}`)
  await expect(page.getByRole('navigation', { name: /main/i })).toHaveCount(0)
  // Every other plugin runs; a plugin whose code arrives after the shell rendered starts then, so the
  // start order follows arrival (progressive start) and only the set is fixed.
  await expect
    .poll(async () =>
      (
        await page.evaluate(
          () => (window as unknown as { oneHeader: { started: string[] } }).oneHeader.started,
        )
      ).sort(),
    )
    .toEqual(['analytics', 'auth', 'consent', 'content', 'logging', 'loyalty', 'search', 'shell'])
})

test('the container data attribute switches a plugin off too', async ({ page }) => {
  const chunk = navChunk()
  const requested: string[] = []
  page.on('request', (r) => requested.push(new URL(r.url()).pathname))
  await withoutNavPreload(page, chunk, (html) =>
    html.replace('id="oneHeaderContainer"', 'id="oneHeaderContainer" data-disabled-plugins="nav"'),
  )
  await openHeader(page, 'usb2c', '/')
  expect(requested).not.toContain(`/${chunk}`)
  await expect(page.getByRole('navigation', { name: /main/i })).toHaveCount(0)
})

test('a plugin whose setup throws, and one whose slot crashes, leave the header working and are logged by id', async ({
  page,
}) => {
  const messages = collectConsole(page)
  await page.addInitScript(() => {
    ;(window as unknown as { oneHeaderPlugins: unknown[] }).oneHeaderPlugins = [
      {
        id: 'faulty',
        start() {
          throw new Error('options missing')
        },
      },
      {
        id: 'crashy',
        slots: {
          'header.loyalty': {
            kind: 'eager',
            component: () => {
              throw new Error('render bug')
            },
          },
        },
      },
    ]
  })
  await openHeader(page, 'usb2c', '/')
  await expect(page.getByRole('navigation', { name: /main/i }).getByRole('link').first()).toBeVisible()
  await expect(page.getByRole('banner').getByRole('link', { name: /cart/i })).toBeVisible()
  await expect
    .poll(() => messages.filter((m) => m.startsWith('error') && m.includes('[one-header]')).join('\n'))
    .toMatch(/PLUGIN_SETUP_FAILED plugin=faulty correlationId=[0-9a-f-]+: Plugin 'faulty' failed to start/)
  await expect
    .poll(() => messages.join('\n'))
    .toMatch(
      /SLOT_RENDER_FAILED plugin=crashy correlationId=[0-9a-f-]+: Plugin 'crashy' crashed while rendering slot 'header.loyalty'/,
    )
  const started = await page.evaluate(
    () => (window as unknown as { oneHeader: { started: string[] } }).oneHeader.started,
  )
  expect(started).toContain('nav')
  expect(started).toContain('crashy')
  expect(started).not.toContain('faulty')
})
