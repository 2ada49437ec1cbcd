import type { Hono } from 'hono'

/** A form post's body, with repeated fields (`on` per switched-on plugin). */
export const form = (fields: Record<string, string | string[]>) => {
  const body = new URLSearchParams()
  for (const [name, value] of Object.entries(fields)) for (const v of [value].flat()) body.append(name, v)
  return body
}

/** The value of `name="…"`'s hidden or text input in a console page. */
export const inputValue = (html: string, name: string): string =>
  new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? ''

const cookieOf = (res: Response, name: string) =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${name}=`))
    ?.split(';')[0]

/** Signs in through the forms, as a browser would; returns the session cookie and raw Set-Cookie. */
export async function signIn(app: Hono, email: string, password: string) {
  const form0 = await app.request('/console/sign-in')
  const pre = cookieOf(form0, 'oh_console_signin')!
  const res = await app.request('/console/sign-in', {
    method: 'POST',
    headers: { cookie: pre, 'content-type': 'application/x-www-form-urlencoded' },
    body: form({ csrf: inputValue(await form0.text(), 'csrf'), email, password, next: '/console' }),
  })
  const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('oh_console='))
  return { res, cookie: cookieOf(res, 'oh_console'), setCookie }
}

/** A signed-in operator's client: GET a page, POST a form with the page's CSRF token. */
export function consoleClient(app: Hono, cookie: string) {
  const get = (path: string, headers: Record<string, string> = {}) =>
    app.request(path, { headers: { cookie, ...headers } })
  return {
    get,
    async post(path: string, fields: Record<string, string | string[]>) {
      return app.request(path, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
        body: form(fields),
      })
    },
    /** The page's CSRF token and the version its form is based on. */
    async formOf(path: string) {
      const html = await (await get(path)).text()
      return { csrf: inputValue(html, 'csrf'), basedOn: inputValue(html, 'basedOn'), html }
    },
  }
}
