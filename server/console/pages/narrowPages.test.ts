// @vitest-environment node
import { describe, expect, it } from 'vitest'
import type { OperatorSession } from '../operatorSessions'
import type { Operator } from '../operators'
import { brandPage } from './brandPage'
import { CONSOLE_CSS } from './consoleCss'
import { email } from './consoleLayout'
import { auditPage, operatorsPage } from './operatorsPage'

/**
 * The console's pages at a phone's width: the few-column tables stack each row as a card (every
 * cell labelled), and an e-mail breaks only at its @ or dots, never inside a word.
 */
const admin: Operator = {
  id: '1',
  email: 'admin@brewco.example',
  displayName: 'Ada (admin)',
  role: 'admin',
  brands: ['usb2c', 'cab2c', 'usafh'],
  mustChangePassword: false,
}
const session: OperatorSession = { operator: admin, csrfToken: 'csrf' }

/** Every `<td>` of the table's body rows, and whether it has a `data-label`. */
function bodyCells(html: string, tableClass: RegExp): string[] {
  const table = html.match(new RegExp(`<table class="${tableClass.source}"[^>]*>[\\s\\S]*?</table>`))
  expect(table, 'the stacked table').not.toBeNull()
  const body = table![0].slice(table![0].indexOf('<tbody>'))
  return [...body.matchAll(/<td\b[^>]*>/g)].map((m) => m[0])
}

describe('tables that stack on a phone', () => {
  it('the stylesheet turns a stack table’s rows into labelled cards below 700 px', () => {
    const phone = CONSOLE_CSS.slice(CONSOLE_CSS.indexOf('@media (max-width:700px)'))
    expect(phone).toContain('table.stack>tbody>tr>[data-label]::before{content:attr(data-label)')
    expect(phone).toContain('.tableWrap>table.stack{min-width:0}')
  })

  it('the audit log labels every cell and breaks an e-mail only at its @ or dots', () => {
    const html = auditPage({
      session,
      brand: undefined,
      page: 1,
      more: false,
      entries: [
        {
          at: new Date('2026-11-28T20:00:00Z'),
          operatorEmail: 'brand.cab2c@brewco.example',
          address: '::1',
          action: 'signed in',
          brand: undefined,
          detail: 'x',
        },
      ],
    })
    const cells = bodyCells(html, /stack/)
    expect(cells).toHaveLength(6)
    for (const cell of cells) expect(cell).toMatch(/data-label="[^"]+"/)
    expect(html).toContain('<span class="email">brand<wbr>.cab2c@<wbr>brewco<wbr>.example</span>')
  })

  it('the operators table labels its cells, the Change column included', () => {
    const other: Operator = { ...admin, id: '2', email: 'monitor@brewco.example', role: 'monitoring' }
    const html = operatorsPage({
      session,
      operators: [
        { ...admin, sessions: 1 },
        { ...other, sessions: 2 },
      ],
    })
    const cells = bodyCells(html, /stack/)
    expect(cells.map((c) => c.match(/data-label="([^"]+)"/)?.[1])).toEqual([
      'Role',
      'Sessions',
      'Change',
      'Role',
      'Sessions',
      'Change',
    ])
    expect(html).not.toContain('monitor@brewco.example')
    expect(html).toContain('Change <span class="email">monitor@<wbr>brewco<wbr>.example</span>')
  })

  it('the brand page’s plugin and history tables label every cell', () => {
    const html = brandPage({
      session,
      brand: 'cab2c',
      current: { version: 1, value: '', changedBy: 'seed', changedAt: new Date(0), reason: 'seed' },
      history: {
        versions: [{ version: 1, value: '', changedBy: 'seed', changedAt: new Date(0), reason: 'seed' }],
        total: 1,
        page: 1,
        pageSize: 20,
      },
      storeUrls: [{ lang: 'en', url: 'http://cab2c.ca.localhost/' }],
    })
    const plugins = bodyCells(html, /plugins stack/)
    expect(plugins.length).toBeGreaterThan(0)
    for (const cell of plugins) expect(cell).toMatch(/data-label="[^"]+"/)
    expect(html).toContain('data-label="EN on"')
    expect(html).toContain('data-label="Law or contract"')
    const history = bodyCells(html, /stack/)
    for (const cell of history) expect(cell).toMatch(/data-label="[^"]+"/)
  })

  it('an e-mail without a dot or @ is left whole', () => {
    expect(email('a<b').html).toBe('<span class="email">a&lt;b</span>')
  })
})
