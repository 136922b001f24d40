/**
 * Dynamic plugins (spec 001 §7, issue 19): chart types whose code is an ES module loaded by the
 * browser at start from a URL an admin registered. Superset's `dynamic_plugin` (name, key,
 * bundle_url) behind the `DYNAMIC_PLUGINS` flag. Shared at run time by the server and the web
 * (no zod here: the wire schemas are in `dynamic-plugins-api.ts`).
 */

/** The feature flag (off by default, as in Superset). */
export const DYNAMIC_PLUGINS_FLAG = 'DYNAMIC_PLUGINS';
/** The permission view (Superset's `class_permission_name`): can_read and can_write on it. */
export const DYNAMIC_PLUGIN_VIEW = 'DynamicPlugin';
/** The menu entry (Superset's "Plugins" under Manage). */
export const DYNAMIC_PLUGIN_MENU = 'Plugins';

export const DYNAMIC_PLUGIN_NAME_MAX = 250;
export const DYNAMIC_PLUGIN_KEY_MAX = 100;
export const DYNAMIC_PLUGIN_URL_MAX = 2000;

/** A plugin as the list and the read endpoint give it. */
export interface DynamicPluginRow {
  id: number;
  name: string;
  key: string;
  bundle_url: string;
}

/** One entry of `GET /dynamic-plugins/api/read`'s `result`. */
export interface DynamicPluginEntry {
  id: number;
  name: string;
  key: string;
  bundle_url: string;
}

const KEY = /^[a-z][a-z0-9_]*$/;

/**
 * The key is the chart type's `viz_type` once registered: lowercase letters, digits and `_`,
 * starting with a letter. Null when good, else the message.
 */
export function dynamicPluginKeyProblem(key: string): string | null {
  if (key.length === 0) return 'Key is required';
  if (key.length > DYNAMIC_PLUGIN_KEY_MAX)
    return `Key must be at most ${DYNAMIC_PLUGIN_KEY_MAX} characters`;
  if (!KEY.test(key))
    return 'Key must be a simple identifier: lowercase letters, digits and _, starting with a letter';
  return null;
}

/** An origin as `scheme://host[:port]`, lowercased, or null when the text is not an http(s) origin. */
export function normalizeOrigin(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password) return null;
  if ((url.pathname !== '/' && url.pathname !== '') || url.search || url.hash) return null;
  return url.origin;
}

// Characters a URL written by hand has no business holding: controls, spaces, backslashes.
const hasUnsafeUrlChars = (url: string) =>
  /[\s\\]/.test(url) || [...url].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f);

/**
 * Where a bundle may come from: a path on this server (`/static/plugins/x.js`, not `//host`),
 * or an http(s) URL without credentials whose origin the operator allowed
 * (`STRATA_DYNAMIC_PLUGIN_ORIGINS`, which the page's Content-Security-Policy also allows).
 * Null when good, else the message.
 */
export function bundleUrlProblem(url: string, allowedOrigins: readonly string[]): string | null {
  if (url.length === 0) return 'Bundle URL is required';
  if (url.length > DYNAMIC_PLUGIN_URL_MAX)
    return `Bundle URL must be at most ${DYNAMIC_PLUGIN_URL_MAX} characters`;
  if (hasUnsafeUrlChars(url))
    return 'Bundle URL must not contain spaces, backslashes or control characters';
  if (url.startsWith('/')) {
    if (url.startsWith('//')) return 'Bundle URL must be an http(s) URL or a path on this server';
    return null;
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'Bundle URL must be an http(s) URL or a path on this server';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    return 'Bundle URL must be an http(s) URL or a path on this server';
  if (parsed.username || parsed.password) return 'Bundle URL must not carry credentials';
  if (!allowedOrigins.includes(parsed.origin)) {
    return `Bundle URL's origin ${parsed.origin} is not allowed: list it in STRATA_DYNAMIC_PLUGIN_ORIGINS or serve the bundle from this server`;
  }
  return null;
}
