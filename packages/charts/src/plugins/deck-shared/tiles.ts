/**
 * The base maps the server offers (`STRATA_DECKGL_TILE_URL`, given to the page as Superset's
 * bootstrap `common.deckgl_tiles`: `[[url template, label], …]`), and which map styles are
 * raster tile templates this app can draw. Mapbox styles (`mapbox://…`) need Mapbox's service
 * and are drawn as no base map.
 */
export type TileChoice = [string, string];

/** The tile templates of the page's bootstrap data; none outside a page or when unset. */
export function deckglTiles(): TileChoice[] {
  if (typeof document === 'undefined') return [];
  const raw = document.getElementById('app')?.getAttribute('data-bootstrap');
  if (!raw) return [];
  try {
    const tiles = (JSON.parse(raw) as { common?: { deckgl_tiles?: unknown } }).common?.deckgl_tiles;
    return Array.isArray(tiles)
      ? tiles.filter(
          (t): t is TileChoice =>
            Array.isArray(t) && typeof t[0] === 'string' && typeof t[1] === 'string',
        )
      : [];
  } catch {
    return [];
  }
}

/** Whether a map style is a raster tile URL template ({z}, {x}, {y}) of http(s) or this site. */
export function isTileTemplate(style: unknown): style is string {
  return (
    typeof style === 'string' &&
    /^(https?:\/\/|\/)/.test(style) &&
    style.includes('{z}') &&
    style.includes('{x}') &&
    style.includes('{y}')
  );
}
