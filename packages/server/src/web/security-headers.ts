import type { FastifyInstance } from 'fastify';

/**
 * Content Security Policy of the web app's pages (antd injects its styles at run time).
 * `scriptOrigins` are other origins scripts may come from: the dynamic plugin origins the
 * operator listed (`STRATA_DYNAMIC_PLUGIN_ORIGINS`, only with DYNAMIC_PLUGINS on). Superset
 * leaves a plugin's origin to the operator's Talisman settings; here the one setting both
 * allows the origin in the CSP and is required of a bundle URL on another origin.
 */
export function pageCsp(
  scriptOrigins: readonly string[] = [],
  imageOrigins: readonly string[] = [],
): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptOrigins].join(' '),
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self' data: blob:", ...imageOrigins].join(' '),
    "font-src 'self' data:",
    // deck.gl's tile layer fetches its images.
    ["connect-src 'self'", ...imageOrigins].join(' '),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

/**
 * The origin of the deck.gl base map's tile template (`STRATA_DECKGL_TILE_URL`), which the
 * pages' CSP lets images and fetches come from; none for a template on this server.
 */
export function tileOrigin(template: string | null): string[] {
  if (!template || template.startsWith('/')) return [];
  try {
    return [new URL(template.replace(/[{}]/g, '')).origin];
  } catch {
    return [];
  }
}

/** The CSP of pages without dynamic plugin origins. */
export const PAGE_CSP = pageCsp();

/** Headers every answer carries; pages also get the CSP. */
export function installSecurityHeaders(
  app: FastifyInstance,
  options: { scriptOrigins?: readonly string[]; imageOrigins?: readonly string[] } = {},
): void {
  const csp = pageCsp(options.scriptOrigins, options.imageOrigins);
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('X-Frame-Options', 'SAMEORIGIN');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html')) reply.header('Content-Security-Policy', csp);
    return payload;
  });
}
