import { describe, expect, it } from 'vitest'
import type { HttpError } from '../../kernel/http/httpError'
import { definePlugin } from '../../kernel/plugin/definePlugin'
import type { PluginArrival } from '../../kernel/registry/latePlugins'
import { createTestKernel } from '../../test/createTestKernel'
import { createDiagnostics } from './diagnostics'

const failure = (path: string, status: number): HttpError => ({
  class: status >= 500 ? '5xx' : '4xx',
  status,
  method: 'GET',
  path,
  correlationId: 'cid-page',
  payload: undefined,
  message: `GET ${path} answered ${status}`,
})

const quiet = { error: () => undefined, warn: () => undefined }

/** A logging stand-in whose code arrives after the kernel started (as under a served first view). */
function lateLogger() {
  const heard: string[] = []
  let arrive: () => void = () => undefined
  const settled = new Promise<Awaited<PluginArrival['settled']>>((resolve) => {
    arrive = () =>
      resolve({
        entry: {
          manifest: definePlugin({
            id: 'logging',
            events: { 'http:failure': (e) => heard.push(`${e.payload.path} ${e.payload.status}`) },
          }),
        },
      })
  })
  return { heard, arrival: { id: 'logging', settled }, arrive: () => arrive() }
}

describe('createDiagnostics', () => {
  it('holds failed start-up calls until a late logging plugin is in, then hands it every one, in order', async () => {
    const diagnostics = createDiagnostics('cid-page', quiet)
    const logger = lateLogger()
    // Before the kernel exists: the page's preloaded configuration failed.
    diagnostics.httpFailure(failure('cms/siteConfig', 503))
    const { kernel } = createTestKernel()
    kernel.plugins.expect([logger.arrival])
    diagnostics.attach(kernel)
    // The kernel runs, the logging plugin's code is still on its way: the navigation fails too.
    diagnostics.httpFailure(failure('cms/content-slots/NavigationBarSlot', 500))
    logger.arrive()
    await kernel.plugins.settled()
    await Promise.resolve()
    expect(logger.heard).toEqual(['cms/siteConfig 503', 'cms/content-slots/NavigationBarSlot 500'])
    // Once it listens, a failure goes at once.
    diagnostics.httpFailure(failure('cms/pages', 404))
    expect(logger.heard).toEqual([
      'cms/siteConfig 503',
      'cms/content-slots/NavigationBarSlot 500',
      'cms/pages 404',
    ])
  })

  it('prints each failed call at once, with the correlation id, whoever listens', () => {
    const lines: string[] = []
    const diagnostics = createDiagnostics('cid-page', { error: () => undefined, warn: (l) => lines.push(l) })
    diagnostics.httpFailure(failure('cms/components', 500))
    expect(lines).toEqual([
      '[one-header] API 5xx GET cms/components status=500 correlationId=cid-page: GET cms/components answered 500',
    ])
  })
})
