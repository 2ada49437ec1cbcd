import Cookies from 'js-cookie'
import { CORRELATION_COOKIE, generateCorrelationId, isUsableCorrelationId } from '../../site/correlationId'

/**
 * The page's correlation id: from the CORRELATION_ID cookie (set by the server on the host page of a
 * first visit, or by an earlier page), or new (and stored) when the cookie is missing, the text
 * 'undefined' or malformed. SameSite=Strict, and Secure on https (nav spec §9). The format rules
 * live in site/correlationId.ts, shared with the server.
 */
export function resolveCorrelationId(location: Pick<Location, 'protocol'> = window.location): string {
  const existing = Cookies.get(CORRELATION_COOKIE)
  if (isUsableCorrelationId(existing)) return existing
  const id = generateCorrelationId()
  Cookies.set(CORRELATION_COOKIE, id, {
    path: '/',
    sameSite: 'Strict',
    secure: location.protocol === 'https:',
  })
  return id
}
