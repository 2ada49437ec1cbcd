import type { HttpError } from '../../kernel/http/httpError'

/** A failed call as the HTTP client reports it: a 503 from the server, unless `overrides` say otherwise. */
export function serverDown(overrides: Partial<HttpError> = {}): HttpError {
  return {
    class: '5xx',
    status: 503,
    payload: '',
    message: 'down',
    method: 'GET',
    path: 'x',
    correlationId: '',
    ...overrides,
  }
}
