/**
 * A page opened before the server was updated asks for code chunks the new build no longer has
 * (their names carry a content hash). Vite reports such a failed dynamic import as a
 * `vite:preloadError` event: the page is loaded again, once, so it runs the new build instead of
 * showing "Failed to fetch dynamically imported module". A second failure within
 * RELOAD_GUARD_MS is left to the page's own error handling (no reload loop).
 */
const RELOAD_GUARD_MS = 10_000;
const KEY = 'strata:stale-build-reload';

/** Whether a reload is due now, given when the last one for a stale build happened. */
export function shouldReload(lastReloadAt: number | null, now: number): boolean {
  return (
    lastReloadAt === null || !Number.isFinite(lastReloadAt) || now - lastReloadAt > RELOAD_GUARD_MS
  );
}

function lastReload(): number | null {
  try {
    const text = window.sessionStorage.getItem(KEY);
    return text === null ? null : Number(text);
  } catch {
    return null;
  }
}

export function reloadOnStaleBuild(): void {
  window.addEventListener('vite:preloadError', (event) => {
    const now = Date.now();
    if (!shouldReload(lastReload(), now)) return;
    try {
      window.sessionStorage.setItem(KEY, String(now));
    } catch {
      // Without session storage the guard cannot hold: do not reload.
      return;
    }
    event.preventDefault();
    window.location.reload();
  });
}
