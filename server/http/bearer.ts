/** The token of an `Authorization: Bearer <token>` header (any case, any spacing), else undefined. */
export function parseBearer(header: string | undefined): string | undefined {
  return /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1]
}
