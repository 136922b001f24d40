/**
 * `/static/assets/images/…`: the images the example dashboards' markdown shows, served read-only
 * to anyone, and nothing else (no path leads out of the image directory).
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metadataTargets } from './helpers/metadata-targets.js';
import { startServer, type TestServer } from './helpers/server.js';

const targets = await metadataTargets();

/** A GET with the path sent exactly as written (fetch would resolve `..` first). */
function rawGet(
  baseUrl: string,
  path: string,
): Promise<{ status: number; type: string; body: Buffer }> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, path, method: 'GET' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          type: String(res.headers['content-type'] ?? ''),
          body: Buffer.concat(chunks),
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe.each(targets)('static images on $name metadata', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(target);
  });
  afterAll(async () => server?.close());

  it('serves the examples’ picture to anyone, as a PNG', async () => {
    const res = await rawGet(server.baseUrl, '/static/assets/images/babies.png');
    expect(res.status).toBe(200);
    expect(res.type).toBe('image/png');
    expect(res.body.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    // 800 × 400, read from the IHDR chunk.
    expect(res.body.readUInt32BE(16)).toBe(800);
    expect(res.body.readUInt32BE(20)).toBe(400);
  });

  it('answers 404 for unknown names and for every way out of the directory', async () => {
    for (const path of [
      '/static/assets/images/nope.png',
      '/static/assets/images/../../x',
      '/static/assets/images/../../package.json',
      '/static/assets/images/..%2F..%2Fpackage.json',
      '/static/assets/images/%2e%2e/%2e%2e/package.json',
      '/static/assets/images/./babies.png',
      '/static/assets/images//babies.png',
      '/static/assets/images/',
      '/static/assets/images/../sources/babies.svg',
      '/static/anything-else.js',
    ]) {
      const res = await rawGet(server.baseUrl, path);
      expect(res.status, path).toBe(404);
      expect(res.type, path).not.toContain('text/html');
    }
  });

  it('is read-only', async () => {
    const res = await fetch(`${server.baseUrl}/static/assets/images/babies.png`, {
      method: 'POST',
    });
    expect(res.status).toBe(404);
  });
});
