/**
 * Thumbnails with Redis (the scaled-out install's store and queue) and a fixed executor
 * (STRATA_THUMBNAIL_EXECUTOR=<user name>, Superset's FixedExecutor): one picture per object,
 * made once through BullMQ however many readers ask at once, kept in Redis, answered to every
 * reader of the object and to nobody else. Needs `npm run build` first (packages/web/dist).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './helpers/client.js';
import { metadataTargets } from './helpers/metadata-targets.js';
import { REDIS_URL, redisReachable } from './helpers/redis.js';
import {
  ADMIN_PASSWORD,
  recordQueuedJobs,
  startServer,
  type TestServer,
} from './helpers/server.js';
import { duckdbTableDataset, saveTableChart } from './helpers/table-dataset.js';
import { signedInGammaUser, signedInUser } from './helpers/users.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const WEB_DIST = path.resolve(here, '../../web/dist');
if (!fs.existsSync(path.join(WEB_DIST, 'index.html')))
  throw new Error(`The built web app is missing (${WEB_DIST}): run npm run build first`);

const redis = await redisReachable('the Redis thumbnails test');
afterAll(() => redis?.disconnect());

describe.skipIf(!redis)('thumbnails in Redis, made as a fixed user', () => {
  let server: TestServer;
  let admin: ApiClient;
  let alpha: ApiClient;
  let gamma: ApiClient;
  let chartId: number;
  const prefix = `thumbs-${process.pid}`;
  /** Thumbnail jobs queued (job ids). */
  let queued: string[] = [];

  const urlOf = async (client: ApiClient) => {
    const list = await client.get<{ result: Array<{ id: number; thumbnail_url: string | null }> }>(
      '/api/v1/chart/',
    );
    return list.body.result.find((r) => r.id === chartId)?.thumbnail_url;
  };

  beforeAll(async () => {
    const [sqlite] = await metadataTargets();
    server = await startServer(sqlite!, {
      STRATA_REDIS_URL: REDIS_URL,
      STRATA_REDIS_PREFIX: prefix,
      STRATA_WEB_DIST: WEB_DIST,
      STRATA_FEATURE_FLAGS: JSON.stringify({ THUMBNAILS: true }),
      STRATA_THUMBNAIL_EXECUTOR: 'admin',
      STRATA_SCREENSHOT_LOAD_WAIT: '40',
    });
    queued = recordQueuedJobs(server, 'thumbnail.');
    admin = new ApiClient(server.baseUrl);
    await admin.loginWithToken('admin', ADMIN_PASSWORD);
    gamma = await signedInGammaUser(admin, server.baseUrl, 'gil');
    alpha = await signedInUser(admin, server.baseUrl, 'ada', 'Alpha');
    const { datasetId } = await duckdbTableDataset(
      server.dataDir,
      admin,
      'thumbs_redis',
      'sales',
      `CREATE TABLE sales AS SELECT i AS id, i % 4 AS k, i * 3 AS amount FROM range(1, 30) t(i)`,
    );
    chartId = await saveTableChart(admin, datasetId, 'Amount', {
      viz_type: 'big_number_total',
      metric: 'count',
    });
  });
  afterAll(async () => {
    await server?.close();
    const keys = await redis?.keys(`${prefix}:thumbnail:*`);
    if (keys?.length) await redis?.del(...keys);
  });

  it('gives every reader the one picture, made once, kept in Redis', async () => {
    const url = (await urlOf(admin))!;
    expect(url).toMatch(new RegExp(`^/api/v1/chart/${chartId}/thumbnail/[0-9a-f]{64}/$`));
    // One picture for all: the digest does not depend on who asks.
    expect(await urlOf(alpha)).toBe(url);
    const first = await Promise.all([admin.get(url), alpha.get(url), admin.get(url)]);
    expect(first.map((r) => r.status)).toEqual([202, 202, 202]);
    const digest = url.split('/')[6]!;
    let png: Buffer | null = null;
    for (const until = Date.now() + 90_000; Date.now() < until;) {
      const res = await fetch(server.baseUrl + url, {
        headers: { authorization: `Bearer ${alpha.token}` },
      });
      if (res.status === 200) {
        png = Buffer.from(await res.arrayBuffer());
        break;
      }
      expect(res.status).toBe(202);
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(png).not.toBeNull();
    const img = PNG.sync.read(png!);
    expect([img.width, img.height]).toEqual([800, 600]);
    const stored = await redis!.get(`${prefix}:thumbnail:chart:${chartId}:${digest}`);
    expect(stored?.startsWith('png:')).toBe(true);
    // Made once: one request of the three claimed it and queued the job.
    expect(queued).toEqual([`thumbnail.chart.${chartId}.${digest}`]);
    expect(await redis!.keys(`${prefix}:thumbnail:*`)).toHaveLength(1);
  });

  it('still answers nothing to a user who may not read the chart', async () => {
    const url = (await urlOf(admin))!;
    expect(await urlOf(gamma)).toBeUndefined();
    const res = await gamma.get(url);
    expect(res.status).toBe(404);
  });
});
