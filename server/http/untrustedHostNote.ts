import { escapeForLog } from './logText'

/** Names remembered, so a client making up a new Host header per request cannot grow the set for ever. */
const MAX_NAMES = 100

/**
 * Says once per host name, in the server's log, that a page was served for a name the server does not
 * trust (not loopback, not in PUBLIC_HOSTS): the page keeps that name's brand, but every absolute
 * address in it points to the fallback origin, which an operator behind a proxy will want to know.
 */
export function createUntrustedHostNote(
  warn: (line: string) => void,
): (host: string, fallbackOrigin: string) => void {
  const said = new Set<string>()
  return (host, fallbackOrigin) => {
    if (said.has(host) || said.size >= MAX_NAMES) return
    said.add(host)
    const name = escapeForLog(host.slice(0, 100))
    warn(
      `[server] Serving pages for the untrusted host name '${name}' (not loopback, not in PUBLIC_HOSTS): they keep that name's brand, but their sign-in, redirect and base addresses point to ${fallbackOrigin}. If '${name}' is this store's own address, add it to PUBLIC_HOSTS. Said once per name.`,
    )
  }
}
