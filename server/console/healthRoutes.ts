import type { Context, Hono } from 'hono'
import { BRANDS, isBrand } from '../../site/brand'
import type { Database } from '../db/database'
import { operatorFor } from './consoleAuth'
import { can } from './operators'
import { DEVICES, type HealthFilter, PERIODS, type Period, pageHealth, slowestPageLoads } from './pageHealth'
import { consolePage } from './pages/consoleLayout'
import { HEALTH_CSS, renderHealth, type SlowestShown } from './pages/healthPage'

export { renderHealth }

/** What the address asks for, each value checked against what it may be. */
function filterOf(c: Context): HealthFilter & { measure?: string; at?: number } {
  const q = (name: string) => (c.req.query(name) ?? '').trim()
  const period = (q('period') in PERIODS ? q('period') : 'day') as Period
  const at = Number(q('at'))
  return {
    brand: isBrand(q('brand')) ? q('brand') : BRANDS[0],
    ...(['en', 'fr'].includes(q('lang')) ? { lang: q('lang') } : {}),
    ...((DEVICES as readonly string[]).includes(q('device')) ? { device: q('device') } : {}),
    ...(/^[\w:. -]{1,80}$/.test(q('version')) ? { version: q('version') } : {}),
    period,
    ...(/^[a-z_]{1,20}$|^part:[a-zA-Z.]{1,40}$/.test(q('measure')) ? { measure: q('measure') } : {}),
    ...(Number.isSafeInteger(at) && at > 0 ? { at } : {}),
  }
}

/**
 * `/console/health`: how the header does for real shoppers, per store (and language, device class,
 * switches' version), over the last hour, day or week; for the monitoring role and admins.
 */
export function registerHealthRoutes(app: Hono, db: Database): void {
  app.get('/console/health', async (c) => {
    const found = await operatorFor(c, db, can.readTraces)
    if ('refused' in found) return found.refused
    const { measure, at, ...filter } = filterOf(c)
    const [health, loads] = await Promise.all([
      pageHealth(db, filter),
      measure && at !== undefined ? slowestPageLoads(db, filter, measure, at) : undefined,
    ])
    const slowest: SlowestShown | undefined =
      measure && at !== undefined && loads ? { measure, at, loads } : undefined
    c.header('cache-control', 'no-store')
    return c.html(
      consolePage(
        {
          title: 'Health for shoppers',
          operator: found.session.operator,
          csrfToken: found.session.csrfToken,
          current: 'health',
          css: HEALTH_CSS,
        },
        renderHealth(filter, health, slowest),
      ),
    )
  })
}
