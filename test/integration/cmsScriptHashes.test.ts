import { describe, expect, it } from 'vitest'
import { cspHashOf } from '../../plugins/shell/cms/scriptPolicy'
import { CMS_GREETING_SCRIPT, CMS_SCRIPT_HASHES } from '../../server/fixtures/headerSlots'

/**
 * Across the browser/server line: the reference CMS's greeting scripts run only when the page's
 * content security policy lists their hashes, so the shell plugin's own SHA-256 (used where the page
 * has no `crypto.subtle`: plain http under a store name) must give the very hashes the server lists.
 */
describe("the CMS scripts' hashes", () => {
  it('are what the browser computes without crypto.subtle, in English and French', async () => {
    expect(await cspHashOf(CMS_GREETING_SCRIPT.en, undefined)).toBe(CMS_SCRIPT_HASHES[0])
    expect(await cspHashOf(CMS_GREETING_SCRIPT.fr, undefined)).toBe(CMS_SCRIPT_HASHES[1])
  })
})
