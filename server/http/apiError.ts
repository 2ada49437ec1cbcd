/** Body of every JSON error answer, shaped like ApiErrorSchema in contracts/cms.ts. */
export interface ApiErrorBody {
  errors: { type: string; message: string; reason?: string }[]
}

export const errorBody = (type: string, message: string, reason?: string): ApiErrorBody => ({
  errors: [{ type, message, ...(reason ? { reason } : {}) }],
})

/** A request the server refuses on purpose; the error handler turns it into JSON with `status`. */
export class ApiError extends Error {
  constructor(
    readonly status: 400 | 404 | 405 | 413 | 415 | 500 | 503,
    readonly type: string,
    message: string,
    readonly reason?: string,
  ) {
    super(message)
    this.name = 'ApiError'
  }

  get body(): ApiErrorBody {
    return errorBody(this.type, this.message, this.reason)
  }
}

/** A bad or missing request parameter: 400 ValidationError naming the parameter and the fix. */
export const validationError = (message: string, reason: 'missing' | 'invalid') =>
  new ApiError(400, 'ValidationError', message, reason)

/** Paths answered with JSON errors rather than an HTML page. */
export const isApiPath = (path: string) => /^\/(rest|api)(\/|$)/.test(path)
