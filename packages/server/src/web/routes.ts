import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { bootstrapData, injectBootstrap } from './bootstrap.js';

export interface WebRouteOptions {
  /** Built web app (index.html, assets/); null when there is none. */
  distDir: string | null;
  featureFlags: Record<string, boolean>;
}

const PUBLIC_PAGES = new Set(['/login/', '/login']);

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
        const body = await fs.promises.readFile(file);
        return reply
          .type(MIME[path.extname(file)] ?? 'application/octet-stream')
          .header('Cache-Control', 'public, max-age=31536000, immutable')
          .send(body);
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
    return reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .send(injectBootstrap(html, bootstrapData(req.principal, opts.featureFlags)));
  };

  app.get('/', { config: { access: 'public' } }, page);
  app.get('/login/', { config: { access: 'public' } }, page);

  app.setNotFoundHandler(async (req, reply) => {
    const pathname = new URL(req.url, 'http://localhost').pathname;
    const isApi = pathname.startsWith('/api/');
    if (isApi || req.method !== 'GET' || pathname.startsWith('/assets/')) {
      return reply.code(404).send({ message: 'Not found' });
    }
    return page(req, reply);
  });
}
