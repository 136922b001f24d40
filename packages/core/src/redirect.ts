/** The longest redirect target kept (a longer `next` is dropped). */
export const MAX_REDIRECT_TARGET_LENGTH = 2048;

/**
 * Characters refused anywhere in a redirect target: controls (C0, DEL, C1), every Unicode space
 * and line/paragraph separator, and format characters (zero-width spaces and joiners, bidi
 * controls, BOM). Browsers strip or fold several of these while parsing a URL (`/\t/host` is
 * read as `//host`), so their presence alone refuses the target.
 */
const INVISIBLE_OR_SPACE = /[\p{Cc}\p{Cf}\p{Z}\s]/u;

function hostRelativeProblem(path: string): boolean {
  if (!path.startsWith('/')) return true;
  // `//host` and `/\host` (browsers read a backslash as a slash) name another host.
  if (path.length > 1 && (path[1] === '/' || path[1] === '\\')) return true;
  return path.includes('\\') || INVISIBLE_OR_SPACE.test(path);
}

/**
 * A redirect target (`next=`) is kept only when it is a path on this site: it starts with one
 * `/`, holds no backslash, control, space or invisible character, and the same holds for its path
 * once percent-decoded (`/%2F%2Fhost`, `/%09/host`), and a URL parser resolves it to this site.
 * Answers the target unchanged when it is safe, else null. Pure; used by the server and the web.
 */
export function safeRedirectTarget(next: string | null | undefined): string | null {
  if (typeof next !== 'string' || next.length === 0) return null;
  if (next.length > MAX_REDIRECT_TARGET_LENGTH) return null;
  if (hostRelativeProblem(next)) return null;
  // The path part (before any query or fragment), decoded until it stops changing; a path still
  // changing after a few rounds is refused (no real path is encoded that deep).
  let path = next.split(/[?#]/, 1)[0]!;
  for (let round = 0; ; round += 1) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      return null;
    }
    if (decoded === path) break;
    if (round === 3 || hostRelativeProblem(decoded)) return null;
    path = decoded;
  }
  const base = 'http://strata.invalid';
  let resolved: URL;
  try {
    resolved = new URL(next, base);
  } catch {
    return null;
  }
  if (resolved.origin !== base) return null;
  return next;
}
