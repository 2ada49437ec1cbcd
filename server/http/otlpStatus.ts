/** The OTLP/HTTP receiver's paths: their errors are google.rpc.Status bodies, not the REST shape. */
export const isOtlpPath = (path: string) => /^\/v1(\/|$)/.test(path)

/** gRPC status codes for the HTTP statuses the receiver answers (google.rpc.Code). */
const GRPC_CODE: Record<number, number> = {
  400: 3, // INVALID_ARGUMENT
  401: 16, // UNAUTHENTICATED
  403: 7, // PERMISSION_DENIED
  404: 12, // UNIMPLEMENTED
  405: 12,
  413: 8, // RESOURCE_EXHAUSTED
  415: 3,
  429: 8,
  500: 13, // INTERNAL
  503: 14, // UNAVAILABLE: exporters retry it
}

/**
 * An OTLP/HTTP error body (the OTLP specification: a `google.rpc.Status`, JSON-encoded for JSON
 * requests): the gRPC code for the HTTP status and a message that says what to fix.
 */
export const otlpStatus = (httpStatus: number, message: string) => ({
  code: GRPC_CODE[httpStatus] ?? 2, // UNKNOWN
  message,
})
