/**
 * Preloaded by the runner (`node --import ./loader/setup.mjs`): a jsdom DOM in the globals the
 * plugins read at import time (core's logging reads `window.console`, shared controls call
 * `document.getElementById('app')`, emotion probes `document`), then the module hooks.
 */
import { register } from 'node:module';
import { JSDOM } from 'jsdom';

const dom = new JSDOM('<!doctype html><html><body><div id="app"></div></body></html>', {
  url: 'http://localhost/',
  pretendToBeVisual: true,
});
const g = globalThis;
g.window = dom.window;
for (const key of Object.getOwnPropertyNames(dom.window)) {
  if (key in g || key.startsWith('_')) continue;
  try {
    g[key] = dom.window[key];
  } catch {
    // read-only in Node: keep Node's
  }
}
if (!('navigator' in g) || !g.navigator?.userAgent?.includes('jsdom')) {
  Object.defineProperty(g, 'navigator', { value: dom.window.navigator, configurable: true });
}
// Superset's bootstrap gives the feature flags; none is on here.
dom.window.featureFlags = {};
g.featureFlags = dom.window.featureFlags;
g.requestAnimationFrame ??= (cb) => setTimeout(() => cb(Date.now()), 0);
g.cancelAnimationFrame ??= (id) => clearTimeout(id);

register('./hooks.mjs', import.meta.url);
