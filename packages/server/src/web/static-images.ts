import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';

/**
 * `/static/assets/images/…`: the images Superset's example dashboards' markdown refers to
 * (`<img src="/static/assets/images/babies.png">`), drawn by the project (sources in
 * `packages/server/static/sources/`, `scripts/draw-static-images.mjs`). Read-only and public, as
 * Superset's static files are.
 *
 * The directory is read once, at start: a request is answered from that list by its exact
 * relative name and never becomes a file path, so no request can reach another file (`..`,
 * encoded slashes, symbolic links to elsewhere: all unknown names, 404).
 */
export const STATIC_IMAGES_PREFIX = '/static/assets/images/';

/** The repository's image directory (`packages/server/static/assets/images`). */
export function defaultStaticImagesDir(): string {
  return fileURLToPath(new URL('../../static/assets/images/', import.meta.url));
}

const IMAGE_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
};

/** Larger files are not served (these are small illustrations). */
const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
/** Names served: letters, digits, `._-`, in folders of such names; no dot files. */
const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

export interface StaticImage {
  type: string;
  body: Buffer;
}

/** The images under `dir` by relative name (`a/b.png`); regular files only, links not followed. */
export function readStaticImages(dir: string): Map<string, StaticImage> {
  const out = new Map<string, StaticImage>();
  const walk = (abs: string, rel: string, depth: number): void => {
    if (depth > 4) return;
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(abs, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (!NAME.test(e.name)) continue;
      const name = rel ? `${rel}/${e.name}` : e.name;
      const full = path.join(abs, e.name);
      if (e.isDirectory()) walk(full, name, depth + 1);
      else if (e.isFile()) {
        const type = IMAGE_TYPES[path.extname(e.name).toLowerCase()];
        if (!type || fs.statSync(full).size > MAX_IMAGE_BYTES) continue;
        out.set(name, { type, body: fs.readFileSync(full) });
      }
    }
  };
  walk(dir, '', 0);
  return out;
}

export function registerStaticImages(app: FastifyInstance, dir: string | null): void {
  const images = dir ? readStaticImages(dir) : new Map<string, StaticImage>();
  app.get<{ Params: { '*': string } }>(
    `${STATIC_IMAGES_PREFIX}*`,
    { config: { access: 'public' } },
    async (req, reply) => {
      const image = images.get(req.params['*']);
      if (!image) return reply.code(404).type('text/plain').send('Not found');
      reply.type(image.type).header('Cache-Control', 'public, max-age=86400');
      // An SVG opened on its own runs nothing and loads nothing.
      if (image.type === 'image/svg+xml')
        reply.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
      return reply.send(image.body);
    },
  );
}
