/**
 * Brewer product addresses contain Coffee-Makers (nav spec §2), in either language: the page view
 * and the search tiles both report a brewer as such.
 */
export const isBrewerUrl = (url: string | undefined): boolean => (url ?? '').includes('Coffee-Makers')
