/** A dashboard's page address: `/superset/dashboard/{id or slug}/` or `/dashboard/{id or slug}/`. */

const DASHBOARD_PATH = /^\/(?:superset\/)?dashboard\/([^/]+)\/?$/;
const ID_OR_SLUG = /^[A-Za-z0-9_-]{1,255}$/;

/**
 * The dashboard id or slug a page address names (decoded), or null when it names none: another
 * page, the dashboard list, or a value no dashboard can have. `new` is returned as it is.
 */
export function dashboardIdOrSlugOf(pathname: string): string | null {
  const m = DASHBOARD_PATH.exec(pathname);
  if (!m) return null;
  let raw: string;
  try {
    raw = decodeURIComponent(m[1]!);
  } catch {
    return null;
  }
  return ID_OR_SLUG.test(raw) && raw !== 'list' ? raw : null;
}
