/**
 * Superset's example dashboards (the export bundles in `examples-dashboards/`), imported at start
 * after the example data, as `superset load_examples` does.
 *
 * - Each bundle is imported with the importer of `POST /api/v1/dashboard/import/`, as the admin
 *   user (who becomes the owner of what is created), overwrite off: datasets and charts already
 *   here (the examples' datasets, with Superset's uuids) are used as they are.
 * - A bundle whose dashboard (by uuid) exists is skipped, so a second start changes nothing and
 *   an example dashboard someone edited is never written over.
 * - Like `superset load_examples`, a missing example dashboard is created again: one deleted is
 *   back on the next start (with its charts, reused when they are still here). To keep them
 *   away, start with STRATA_LOAD_EXAMPLE_DASHBOARDS=false.
 * - A bundle that cannot be read or imported is reported and skipped; the others still install
 *   and the server starts.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROLE_ADMIN } from '@strata/core';
import type { RequestContext } from '../api/resource-types.js';
import { ApiError } from '../api/errors.js';
import type { MetadataDialect } from '../config/config.js';
import type { BundleContents } from '../imports/bundle.js';
import { importBundle, type ImportServices } from '../imports/importer.js';
import { canonicalUuid } from '../imports/remap.js';
import type { MetadataDb } from '../metadata/db.js';
import { toBool } from '../metadata/db.js';
import { isAdmin } from '../security/principal.js';
import { loadPrincipal } from '../security/repository.js';
import { readBundleFiles } from '../workers/cpu.js';

/** The example-dashboards directory shipped with the server (beside `examples-data/`). */
export function exampleDashboardsDir(): string {
  return fileURLToPath(new URL('../../examples-dashboards/', import.meta.url));
}

export interface ExampleDashboardServices extends ImportServices {
  dialect: MetadataDialect;
}

export interface ExampleDashboardFailure {
  /** The bundle's file name, e.g. `sales-dashboard.zip`. */
  bundle: string;
  message: string;
}

export interface ExampleDashboardsReport {
  /** Bundles imported by this run (file names, in name order). */
  installed: string[];
  /** Bundles whose dashboard was already here, left alone. */
  present: string[];
  failed: ExampleDashboardFailure[];
  ms: number;
}

/**
 * The user the example dashboards are imported as: the configured admin user when it is active
 * and an Admin, else the first active Admin; null when there is none.
 */
export async function exampleDashboardsOwner(
  db: MetadataDb,
  preferredUsername: string,
): Promise<number | null> {
  const preferred = await db
    .selectFrom('ab_user')
    .select(['id', 'active'])
    .where('username', '=', preferredUsername)
    .executeTakeFirst();
  if (preferred && toBool(preferred.active)) {
    const principal = await loadPrincipal(db, preferred.id);
    if (principal && isAdmin(principal)) return preferred.id;
  }
  const admins = await db
    .selectFrom('ab_user as u')
    .innerJoin('ab_user_role as ur', 'ur.user_id', 'u.id')
    .innerJoin('ab_role as r', 'r.id', 'ur.role_id')
    .select(['u.id', 'u.active'])
    .where('r.name', '=', ROLE_ADMIN)
    .orderBy('u.id')
    .execute();
  return admins.find((a) => toBool(a.active))?.id ?? null;
}

/** The uuids of the dashboards a bundle holds (its `dashboards/*.yaml`). */
function dashboardUuids(contents: BundleContents): string[] {
  const uuids: string[] = [];
  for (const [file, parsed] of contents) {
    if (!file.startsWith('dashboards/')) continue;
    const value = parsed.ok ? (parsed.value as { uuid?: unknown } | null) : null;
    const uuid = canonicalUuid(value?.uuid);
    if (!uuid) throw new Error(`${file} has no valid uuid`);
    uuids.push(uuid);
  }
  if (uuids.length === 0) throw new Error('the bundle holds no dashboard');
  return uuids;
}

/** A failure as one line: the importer's per-file problems spelled out. */
function failureText(e: unknown): string {
  if (e instanceof ApiError) {
    const extra = (e.body as { errors?: Array<{ extra?: Record<string, unknown> }> } | undefined)
      ?.errors?.[0]?.extra;
    const problems = Object.entries(extra ?? {})
      .filter(([key]) => key !== 'issue_codes')
      .map(([file, problem]) => `${file}: ${JSON.stringify(problem)}`);
    return problems.length ? `${e.message} (${problems.join('; ')})` : e.message;
  }
  return e instanceof Error ? e.message : String(e);
}

/**
 * Imports every bundle (`*.zip`) of `dir` whose dashboard is not here yet, as `adminUserId`.
 * Never throws: a bundle that fails is in the report's `failed` (and told to `onProgress`).
 */
export async function installExampleDashboards(
  db: MetadataDb,
  services: ExampleDashboardServices,
  adminUserId: number,
  onProgress?: (message: string) => void,
  dir: string = exampleDashboardsDir(),
): Promise<ExampleDashboardsReport> {
  const started = performance.now();
  const progress = (message: string) => onProgress?.(`example dashboards: ${message}`);
  const report: ExampleDashboardsReport = { installed: [], present: [], failed: [], ms: 0 };
  const finish = () => {
    report.ms = Math.round(performance.now() - started);
    progress(
      `${report.installed.length} installed, ${report.present.length} already present, ` +
        `${report.failed.length} failed, ${report.ms} ms`,
    );
    return report;
  };
  const fail = (bundle: string, message: string) => {
    report.failed.push({ bundle, message });
    progress(`${bundle} not installed: ${message}`);
  };

  let bundles: string[];
  try {
    bundles = (await fs.readdir(dir)).filter((f) => f.toLowerCase().endsWith('.zip')).sort();
  } catch (e) {
    fail(path.basename(dir), `cannot read ${dir}: ${(e as Error).message}`);
    return finish();
  }
  const principal = await loadPrincipal(db, adminUserId).catch(() => null);
  if (!principal) {
    for (const bundle of bundles) fail(bundle, `user ${adminUserId} is not an active user`);
    return finish();
  }
  const ctx: RequestContext = { db, dialect: services.dialect, principal };

  for (const bundle of bundles) {
    try {
      const read = await readBundleFiles(await fs.readFile(path.join(dir, bundle)));
      if (!read.ok)
        throw new Error(read.status === 422 ? `${read.file}: ${read.message}` : read.message);
      const contents = read.contents;
      const uuids = dashboardUuids(contents);
      const here = await db
        .selectFrom('dashboards')
        .select('uuid')
        .where('uuid', 'in', uuids)
        .execute();
      if (here.length === uuids.length) {
        report.present.push(bundle);
        continue;
      }
      await importBundle(ctx, services, 'dashboard', contents, { overwrite: false, passwords: {} });
      report.installed.push(bundle);
      progress(`installed ${bundle}`);
    } catch (e) {
      fail(bundle, failureText(e));
    }
  }
  return finish();
}
