import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { BootstrapData, UserPreferences } from '@strata/core';
import { bootstrapData, injectBootstrap, injectThemeSetting } from './bootstrap.js';
import { injectPreloaded, preloadAnswers, preloadPathsFor } from './preload.js';

export interface WebRouteOptions {
  /** Built web app (index.html, assets/); null when there is none. */
  distDir: string | null;
  featureFlags: Record<string, boolean>;
  /** Settings given to the page as `common.conf`. */
  conf?: NonNullable<BootstrapData['common']['conf']>;
  /** The deck.gl base maps (STRATA_DECKGL_TILE_URL). */
  deckglTiles?: Array<[string, string]>;
  /** The CSRF token of the request's session, written into the page; null without a session. */
  csrfTokenFor?: (req: FastifyRequest) => string | null;
  /** The login form's CSRF token for an anonymous visitor (sets its pre-session cookie). */
  loginCsrfTokenFor?: (req: FastifyRequest, reply: FastifyReply) => string;
  /** The logged-in user's preferences (the theme), written into the page. */
  preferencesFor?: (userId: number) => Promise<UserPreferences>;
}

const PUBLIC_PAGES = new Set(['/login/', '/login']);

/** Text assets are sent gzipped to clients that accept it (compressed once, then kept). */
const COMPRESSIBLE = new Set(['.js', '.css', '.svg', '.json', '.map', '.txt']);
const MIN_COMPRESS_BYTES = 1024;

/** Whether an Accept-Encoding header allows gzip (not refused with `q=0`). */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  return text.split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (name !== 'gzip' && name !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  });
}

const MIME: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.map': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * The web app: hashed assets from `assets/`, and index.html (with the bootstrap data) for every
 * other page path. Unknown `/api/` paths answer JSON 404. Anonymous visitors are sent to the
 * login page first.
 */
export function registerWebRoutes(app: FastifyInstance, opts: WebRouteOptions): void {
  const indexFile = opts.distDir ? path.join(opts.distDir, 'index.html') : null;
  const assetsDir = opts.distDir ? path.join(opts.distDir, 'assets') : null;
  let indexHtml: string | null = null;
  // Hashed asset names never change content: each is compressed at most once.
  const gzipped = new Map<string, Buffer>();
  const readIndex = (): string | null => {
    if (indexHtml !== null) return indexHtml;
    if (!indexFile || !fs.existsSync(indexFile)) return null;
    indexHtml = fs.readFileSync(indexFile, 'utf8');
    return indexHtml;
  };

  app.get<{ Params: { '*': string } }>(
    '/assets/*',
    { config: { access: 'public' } },
    async (req, reply) => {
      const rel = req.params['*'];
      if (
        !assetsDir ||
        !/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/.test(rel) ||
        rel.split('/').includes('..')
      ) {
        return reply.code(404).type('text/plain').send('Not found');
      }
      const file = path.join(assetsDir, rel);
      if (!file.startsWith(assetsDir + path.sep))
        return reply.code(404).type('text/plain').send('Not found');
      try {
        const ext = path.extname(file);
        reply
          .type(MIME[ext] ?? 'application/octet-stream')
          .header('Cache-Control', 'public, max-age=31536000, immutable');
        if (COMPRESSIBLE.has(ext)) {
          reply.header('Vary', 'Accept-Encoding');
          if (acceptsGzip(req.headers['accept-encoding'])) {
            let zipped = gzipped.get(file);
            if (!zipped) {
              const body = await fs.promises.readFile(file);
              if (body.length < MIN_COMPRESS_BYTES) return reply.send(body);
              zipped = zlib.gzipSync(body, { level: 6 });
              gzipped.set(file, zipped);
            }
            return reply.header('Content-Encoding', 'gzip').send(zipped);
          }
        }
        return reply.send(await fs.promises.readFile(file));
      } catch {
        return reply.code(404).type('text/plain').send('Not found');
      }
    },
  );

  const page = async (req: FastifyRequest, reply: FastifyReply) => {
    const url = new URL(req.url, 'http://localhost');
    if (req.principal.isAnonymous && !PUBLIC_PAGES.has(url.pathname)) {
      return reply.redirect(`/login/?next=${encodeURIComponent(url.pathname + url.search)}`, 302);
    }
    const html = readIndex();
    if (!html) {
      return reply
        .code(503)
        .type('text/plain')
        .send('The web app is not built. Run `npm run build` and restart the server.');
    }
    const loginToken =
      req.principal.isAnonymous && opts.loginCsrfTokenFor
        ? opts.loginCsrfTokenFor(req, reply)
        : null;
    const preferences =
      !req.principal.isAnonymous && opts.preferencesFor
        ? await opts.preferencesFor(req.principal.id)
        : null;
    const themed = preferences ? injectThemeSetting(html, preferences.theme) : html;
    const withBootstrap = injectBootstrap(
      themed,
      bootstrapData(
        req.principal,
        opts.featureFlags,
        opts.csrfTokenFor?.(req) ?? null,
        loginToken,
        opts.conf ?? {},
        opts.deckglTiles ?? [],
        preferences,
      ),
    );
    // A dashboard's first calls answered in the page (see preload.ts).
    const paths = req.principal.isAnonymous ? [] : preloadPathsFor(url.pathname);
    const answers = paths.length ? await preloadAnswers(app, req, paths) : {};
    return reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .send(injectPreloaded(withBootstrap, answers));
  };

  app.get('/', { config: { access: 'public' } }, page);
  app.get('/login/', { config: { access: 'public' } }, page);

  app.setNotFoundHandler(async (req, reply) => {
    const pathname = new URL(req.url, 'http://localhost').pathname;
    const isApi = pathname.startsWith('/api/');
    if (
      isApi ||
      req.method !== 'GET' ||
      pathname.startsWith('/assets/') ||
      pathname.startsWith('/static/')
    ) {
      return reply.code(404).send({ message: 'Not found' });
    }
    return page(req, reply);
  });
}
