const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

/** Text and attribute values for HTML: everything taken from a request goes through here. */
export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (ch) => ENTITIES[ch]!)

/** An attribute's value, quoted and escaped: `name=${attr(value)}`. */
export const attr = (value: string): string => `"${escapeHtml(value)}"`
