import type { Hono } from 'hono'

/** Where the stand-in records, on `window` and (so a navigation keeps it) in session storage. */
export const UTAG_CALLS_KEY = '__utagCalls'

/**
 * A small stand-in for the brand's tag manager (Tealium's `utag.js`, nav spec §7), so a person (in
 * the console) and a browser test (`window.__utagCalls`) can see exactly what the header sent. It
 * records every `utag.link` and `utag.view` call as `{ call, data, at }`, keeps the record in session
 * storage so the calls made just before a navigation are still there on the next page, and
 * `console.debug`s each one. A page that already has a `utag` keeps it.
 */
export const TAG_MANAGER_STAND_IN = `(function () {
  if (window.utag) return;
  var key = ${JSON.stringify(UTAG_CALLS_KEY)};
  var calls = [];
  try { calls = JSON.parse(sessionStorage.getItem(key) || '[]'); } catch (e) { calls = []; }
  window[key] = calls;
  function record(call) {
    return function (data) {
      var entry = { call: call, data: JSON.parse(JSON.stringify(data || {})), at: Date.now() };
      calls.push(entry);
      try { sessionStorage.setItem(key, JSON.stringify(calls)); } catch (e) {}
      console.debug('[utag stand-in] utag.' + call, entry.data);
    };
  }
  window.utag = { link: record('link'), view: record('view'), standIn: true };
})();
`

/** GET /utag.js: the stand-in (the fixtures' `analytics.tag.manager.url`). */
export function registerTagManagerStandIn(app: Hono) {
  app.get('/utag.js', (c) => {
    c.header('content-type', 'text/javascript; charset=utf-8')
    c.header('cache-control', 'no-cache')
    return c.body(TAG_MANAGER_STAND_IN)
  })
}
