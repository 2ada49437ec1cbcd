import type { Browser } from '@playwright/test'
import { median } from './median'

/**
 * Where the main thread's time goes on the way to a live header: a CPU profile of each of
 * `runs` loads of the `kind` (returning: a warm cache; first-time: nothing cached) at 4x, from the navigation until every part is live
 * (`window.oneHeader.allLive`), its samples' self time summed by the chunk that ran (the header's
 * chunks are named after their plugin or part: `nav-…`, `auth-…`, `startHeader-…`; `main-…` is the
 * entry with React) and by what the browser did itself (parsing, style, layout, paint, garbage
 * collection). Medians per chunk, in ms.
 */
export async function profileUntilLive(
  browser: Browser,
  url: string,
  cpuSlowdown: number,
  kind: 'returning' | 'firstTime' = 'returning',
  runs = Number(process.env.BENCH_PROFILE_RUNS ?? 5),
): Promise<Record<string, number>> {
  const viewport = { width: 1440, height: 900 }
  const warm = kind === 'returning' ? await browser.newContext({ viewport }) : undefined
  const perRun: Record<string, number>[] = []
  // One load first, so the HTTP and code caches are warm as a returning shopper's.
  if (warm) await (await warm.newPage()).goto(url)
  for (let i = 0; i < runs; i++) {
    // A first-time shopper's load: a fresh context, nothing cached (code fetched and compiled anew).
    const context = warm ?? (await browser.newContext({ viewport }))
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown })
    await cdp.send('Profiler.enable')
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
    await cdp.send('Profiler.start')
    await page.goto(url)
    await page.waitForFunction(
      () => (window as unknown as { oneHeader?: { allLive?: boolean } }).oneHeader?.allLive,
      null,
      { timeout: 30_000, polling: 50 },
    )
    const { profile } = (await cdp.send('Profiler.stop')) as {
      profile: {
        nodes: { id: number; callFrame: { url: string; functionName: string } }[]
        samples: number[]
        timeDeltas: number[]
      }
    }
    const byNode = new Map(profile.nodes.map((n) => [n.id, n]))
    const totals: Record<string, number> = {}
    profile.samples.forEach((id, index) => {
      const node = byNode.get(id)
      const ms = (profile.timeDeltas[index + 1] ?? 0) / 1000
      const key = node ? chunkOf(node.callFrame.url, node.callFrame.functionName) : '(unknown)'
      if (key === '(idle)') return
      totals[key] = (totals[key] ?? 0) + ms
    })
    perRun.push(totals)
    await cdp.detach()
    await page.close()
    if (!warm) await context.close()
  }
  await warm?.close()
  const keys = [...new Set(perRun.flatMap((r) => Object.keys(r)))]
  return Object.fromEntries(
    keys
      .map((k) => [k, Math.round(median(perRun.map((r) => r[k] ?? 0)))] as const)
      .filter(([, ms]) => ms > 0)
      .sort((a, b) => b[1] - a[1]),
  )
}

/** The chunk a sample ran in (`nav`, `startHeader`…), or what the browser itself was doing. */
function chunkOf(url: string, functionName: string): string {
  if (!url) {
    if (functionName === '(idle)' || functionName === '(program)' || functionName === '(garbage collector)')
      return functionName === '(idle)' ? '(idle)' : functionName
    return `(browser: ${functionName || 'native'})`
  }
  const file = url.split('/').pop() ?? url
  const chunk = file.replace(/-[\w-]{8}\.js$/, '').replace(/\.js$/, '')
  return url.includes('/assets/') ? chunk : `(page: ${file.split('?')[0]})`
}
