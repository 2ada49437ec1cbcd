import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { consolePage, h } from './consoleLayout'

/**
 * Every refusal of the console is a page that says what happened and what to do, with the status
 * that fits (401 signed out, 403 not allowed, 404, 409 stale, 429 throttled), never a 500.
 */
export function refusal(
  c: Context,
  status: ContentfulStatusCode,
  title: string,
  explanation: string,
  next: { href: string; label: string } = { href: '/console', label: 'Back to the console' },
) {
  c.header('cache-control', 'no-store')
  return c.html(
    consolePage(
      { title },
      h`<h1>${title}</h1><p class="problem" role="alert">${explanation}</p><p><a href="${next.href}">${next.label}</a></p>`,
    ),
    status,
  )
}
