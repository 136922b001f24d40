/**
 * Thumbnails (issue 21 point 7, Superset's THUMBNAILS): the service behind the lists'
 * `thumbnail_url` and `GET /api/v1/{chart|dashboard}/{id}/thumbnail/{digest}/`, and the worker's
 * `thumbnail.chart` / `thumbnail.dashboard` jobs. No HTTP here.
 *
 * - Who the picture is made as: `STRATA_THUMBNAIL_EXECUTOR` (config/thumbnails-config.ts):
 *   the asking user by default (each user their own picture), or a fixed executor (owner,
 *   creator, a user name) whose one picture every reader of the object gets.
 * - The digest (digest.ts) names the object's drawn state and the executor; a request naming
 *   another digest is sent to the current one (302), so a changed object gets a new picture.
 * - A request for an unmade picture claims it in the store (one claim wins: never two jobs for
 *   one digest) and enqueues the job with the digest in its id; the job checks the object is
 *   still what the digest says and that the executor may read it, then captures it with the
 *   report screenshotter (Superset's sizes, `THUMBNAIL_SIZES`) and keeps the PNG.
 * - The requester must read the object (the lists' own rules), else 404, whatever the
 *   executor.
 */
import {
  THUMBNAIL_MESSAGES,
  THUMBNAIL_SIZES,
  thumbnailPath,
  type ThumbnailKind,
} from '@strata/core';
import { ApiError } from '../api/errors.js';
import type { RequestContext } from '../api/resource-types.js';
import { loadOwners } from '../api/user-summaries.js';
import { canReadChart } from '../chart_data/saved-chart.js';
import type { ThumbnailsConfig } from '../config/thumbnails-config.js';
import type { MetadataDialect } from '../config/config.js';
import { findVisibleDashboard, type DashboardAccessOptions } from '../dashboards/access.js';
import type { JobContext, JobQueue } from '../jobs/types.js';
import { toIso, type MetadataDb } from '../metadata/db.js';
import { pickExecutor, principalOfPick } from '../reports/executor-user.js';
import { CaptureError, type Screenshotter } from '../reports/screenshots/types.js';
import type { PrincipalCache } from '../security/principal-cache.js';
import type { Principal } from '../security/principal.js';
import {
  chartDigest,
  dashboardDigest,
  permissionFingerprint,
  type ChartDigestInput,
  type DashboardDigestInput,
  type DigestExecutor,
} from './digest.js';
import type { ThumbnailStore } from './store.js';

export interface ThumbnailServiceDeps {
  db: MetadataDb;
  dialect: MetadataDialect;
  config: ThumbnailsConfig;
  /** The longest a page may take to draw (the report screenshots' load wait), seconds. */
  loadWaitSeconds: number;
  store: ThumbnailStore;
  queue: JobQueue;
  principals: PrincipalCache;
  /** The process's screenshotter (its browser starts at the first capture). */
  screenshotter: () => Screenshotter;
  dashboardAccess: DashboardAccessOptions;
  log: (message: string, data?: Record<string, unknown>) => void;
}

/** The job that makes an object's picture at a digest, as `userId`. */
export interface ThumbnailJob {
  kind: ThumbnailKind;
  id: number;
  digest: string;
  userId: number;
}

/** What the thumbnail address answers. */
export type ThumbnailAnswer =
  { kind: 'image'; png: Buffer } | { kind: 'pending' } | { kind: 'redirect'; location: string };

interface People {
  createdBy: number | null;
  changedBy: number | null;
  ownerIds: number[];
}

interface Loaded<T> {
  input: T;
  people: People;
  /** For the chart read rule. */
  chart?: {
    id: number;
    created_by_fk: number | null;
    datasource_id: number | null;
    datasource_type: string | null;
  };
}

const storeKey = (kind: ThumbnailKind, id: number, digest: string) => `${kind}:${id}:${digest}`;

export class ThumbnailService {
  constructor(private readonly deps: ThumbnailServiceDeps) {}

  /** The digest parts of charts by id (unknown ids are absent). */
  private async loadCharts(ids: number[]): Promise<Map<number, Loaded<ChartDigestInput>>> {
    const out = new Map<number, Loaded<ChartDigestInput>>();
    if (!ids.length) return out;
    const { db } = this.deps;
    const rows = await db
      .selectFrom('slices as s')
      .leftJoin('tables as d', 'd.id', 's.datasource_id')
      .select([
        's.id',
        's.viz_type',
        's.params',
        's.datasource_id',
        's.datasource_type',
        's.created_by_fk',
        's.changed_by_fk',
        'd.changed_on as dataset_changed_on',
      ])
      .where('s.id', 'in', ids)
      .execute();
    const owners = await loadOwners(db, 'slice_user', 'slice_id', ids);
    for (const r of rows)
      out.set(r.id, {
        input: {
          id: r.id,
          vizType: r.viz_type,
          params: r.params,
          datasourceId: r.datasource_id,
          datasourceType: r.datasource_type,
          datasetChangedOn: toIso(r.dataset_changed_on),
        },
        people: {
          createdBy: r.created_by_fk,
          changedBy: r.changed_by_fk,
          ownerIds: (owners.get(r.id) ?? []).map((o) => o.id),
        },
        chart: {
          id: r.id,
          created_by_fk: r.created_by_fk,
          datasource_id: r.datasource_id,
          datasource_type: r.datasource_type,
        },
      });
    return out;
  }

  /** The digest parts of dashboards by id, their charts' included. */
  private async loadDashboards(ids: number[]): Promise<Map<number, Loaded<DashboardDigestInput>>> {
    const out = new Map<number, Loaded<DashboardDigestInput>>();
    if (!ids.length) return out;
    const { db } = this.deps;
    const rows = await db
      .selectFrom('dashboards')
      .select(['id', 'position_json', 'css', 'json_metadata', 'created_by_fk', 'changed_by_fk'])
      .where('id', 'in', ids)
      .execute();
    const links = await db
      .selectFrom('dashboard_slices')
      .select(['dashboard_id', 'slice_id'])
      .where('dashboard_id', 'in', ids)
      .execute();
    const owners = await loadOwners(db, 'dashboard_user', 'dashboard_id', ids);
    const charts = await this.loadCharts([...new Set(links.map((l) => l.slice_id))]);
    for (const r of rows)
      out.set(r.id, {
        input: {
          id: r.id,
          positionJson: r.position_json,
          css: r.css,
          jsonMetadata: r.json_metadata,
          charts: links
            .filter((l) => l.dashboard_id === r.id)
            .flatMap((l) => {
              const c = charts.get(l.slice_id);
              return c ? [c.input] : [];
            }),
        },
        people: {
          createdBy: r.created_by_fk,
          changedBy: r.changed_by_fk,
          ownerIds: (owners.get(r.id) ?? []).map((o) => o.id),
        },
      });
    return out;
  }

  private load(kind: ThumbnailKind, ids: number[]) {
    return kind === 'chart' ? this.loadCharts(ids) : this.loadDashboards(ids);
  }

  /** Who an object's picture is made as when `asker` looks at it; null when nobody. */
  private async executor(
    asker: Principal,
    people: People,
    /** Executors already looked up in this call, by pick (a list page shares them). */
    known = new Map<string, Promise<Principal | null>>(),
  ): Promise<Principal | null> {
    const rule = this.deps.config.executor;
    if (rule.kind === 'current_user') return asker.isAnonymous || !asker.active ? null : asker;
    const pick = pickExecutor(rule, people);
    const key = JSON.stringify(pick);
    let found = known.get(key);
    if (!found) {
      found = principalOfPick(this.deps.db, this.deps.principals, pick).then((r) => r.principal);
      known.set(key, found);
    }
    return found;
  }

  private digestOf(
    kind: ThumbnailKind,
    loaded: Loaded<ChartDigestInput | DashboardDigestInput>,
    executor: Principal,
  ): string {
    const who: DigestExecutor = {
      userId: executor.id,
      access: permissionFingerprint(executor.perms),
    };
    return kind === 'chart'
      ? chartDigest(loaded.input as ChartDigestInput, who)
      : dashboardDigest(loaded.input as DashboardDigestInput, who);
  }

  /** Whether `principal` may read the object (the lists' rules). */
  private async canRead(
    kind: ThumbnailKind,
    id: number,
    loaded: Loaded<unknown>,
    principal: Principal,
  ): Promise<boolean> {
    if (kind === 'chart') return canReadChart(this.deps.db, principal, loaded.chart!);
    const ctx: RequestContext = { db: this.deps.db, dialect: this.deps.dialect, principal };
    try {
      await findVisibleDashboard(ctx, id, this.deps.dashboardAccess);
      return true;
    } catch (e) {
      if (e instanceof ApiError && e.statusCode === 404) return false;
      throw e;
    }
  }

  /**
   * The `thumbnail_url` of objects the asker is listing (already filtered by the list's own
   * visibility rule): object id → its address, or null when there is no one to make it as.
   */
  async urls(
    asker: Principal,
    kind: ThumbnailKind,
    ids: number[],
  ): Promise<Map<number, string | null>> {
    const loaded = await this.load(kind, ids);
    const out = new Map<number, string | null>();
    const known = new Map<string, Promise<Principal | null>>();
    for (const id of ids) {
      const item = loaded.get(id);
      const executor = item ? await this.executor(asker, item.people, known) : null;
      out.set(
        id,
        item && executor ? thumbnailPath(kind, id, this.digestOf(kind, item, executor)) : null,
      );
    }
    return out;
  }

  /** How long a claim lasts: longer than the slowest capture (two load waits and the start). */
  private pendingSeconds(): number {
    return this.deps.loadWaitSeconds * 2 + 120;
  }

  /** What `GET …/{id}/thumbnail/{digest}/` answers; 404 (ApiError) for what the asker may not get. */
  async answer(
    asker: Principal,
    kind: ThumbnailKind,
    id: number,
    digest: string,
  ): Promise<ThumbnailAnswer> {
    const item = (await this.load(kind, [id])).get(id);
    if (!item || !(await this.canRead(kind, id, item, asker)))
      throw new ApiError(404, THUMBNAIL_MESSAGES.notFound);
    const executor = await this.executor(asker, item.people);
    if (!executor) throw new ApiError(404, THUMBNAIL_MESSAGES.noExecutor);
    const current = this.digestOf(kind, item, executor);
    if (current !== digest) return { kind: 'redirect', location: thumbnailPath(kind, id, current) };
    const key = storeKey(kind, id, current);
    const { store } = this.deps;
    const entry = await store.get(key);
    if (entry?.state === 'ready') return { kind: 'image', png: entry.png };
    if (entry?.state === 'error') throw new ApiError(404, THUMBNAIL_MESSAGES.failed);
    if (entry?.state === 'pending' || !(await store.claim(key, this.pendingSeconds())))
      return { kind: 'pending' };
    await this.enqueue({ kind, id, digest: current, userId: executor.id });
    return { kind: 'pending' };
  }

  private async enqueue(job: ThumbnailJob): Promise<void> {
    const jobId = `thumbnail.${job.kind}.${job.id}.${job.digest}`;
    try {
      if (job.kind === 'chart')
        await this.deps.queue.add(
          'thumbnail.chart',
          { chartId: job.id, digest: job.digest, userId: job.userId },
          { jobId },
        );
      else
        await this.deps.queue.add(
          'thumbnail.dashboard',
          { dashboardId: job.id, digest: job.digest, userId: job.userId },
          { jobId },
        );
    } catch (e) {
      // Not queued: the next request claims it again.
      await this.deps.store.drop(storeKey(job.kind, job.id, job.digest)).catch(() => undefined);
      throw e;
    }
  }

  /** The worker's job: makes and keeps the picture, or keeps the failure for a while. */
  async run(job: ThumbnailJob, context?: Pick<JobContext, 'signal'>): Promise<void> {
    const { store, config, log } = this.deps;
    const key = storeKey(job.kind, job.id, job.digest);
    const fail = async (reason: string) => {
      log('Thumbnail not made', { kind: job.kind, id: job.id, reason });
      await store.fail(key, config.errorTtlSeconds);
    };
    const item = (await this.load(job.kind, [job.id])).get(job.id);
    // Gone meanwhile: nothing to make (and nobody will ask for this digest again).
    if (!item) return store.drop(key);
    const principal = await this.deps.principals.user(job.userId);
    if (!principal) return fail('the executor is unknown or inactive');
    // Changed meanwhile: the next request names the new digest and claims it.
    if (this.digestOf(job.kind, item, principal) !== job.digest) return store.drop(key);
    if (!(await this.canRead(job.kind, job.id, item, principal)))
      return fail('the executor may not read it');
    const size = THUMBNAIL_SIZES[job.kind];
    let png: Buffer;
    try {
      png = await this.deps.screenshotter().capture(
        {
          target:
            job.kind === 'chart'
              ? { kind: 'chart', chartId: job.id }
              : { kind: 'dashboard', dashboardId: job.id, view: {} },
          format: 'png',
          userId: principal.id,
          width: size.window.width,
          window: { height: size.window.height, scale: size.thumb.width / size.window.width },
        },
        context?.signal,
      );
    } catch (e) {
      if (e instanceof CaptureError) return fail(e.message);
      throw e;
    }
    await store.put(key, png, config.cacheTtlSeconds);
    log('Thumbnail made', { kind: job.kind, id: job.id, bytes: png.length });
  }
}
