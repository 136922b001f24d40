/**
 * Thumbnail digests (pure; Superset's `thumbnails/digest.py`): a hash of everything the picture
 * is drawn from, so a change to any of it gives a new digest, a new `thumbnail_url` in the
 * lists and a new picture, while an unchanged object keeps its picture.
 *
 * - A chart: its viz type, form data (`params`), dataset and the dataset's last change (metric
 *   and column definitions draw the chart too). Not its name or description: the standalone
 *   chart page does not show them.
 * - A dashboard: its layout, CSS and metadata (native filters, colours, refresh…) and each of
 *   its charts' own digest parts, so editing a chart changes the digest of every dashboard that
 *   holds it. Not its title or published state: the report view does not show them.
 * - Both: who the picture is made as (the executor's id) and what that user may read (a
 *   fingerprint of their permissions), so a picture made for one user, or before a permission
 *   change, is never answered for another reading of the object.
 */
import { createHash } from 'node:crypto';

export interface ChartDigestInput {
  id: number;
  vizType: string | null;
  params: string | null;
  datasourceId: number | null;
  datasourceType: string | null;
  /** The dataset's changed_on, as ISO text (null when unknown). */
  datasetChangedOn: string | null;
}

export interface DashboardDigestInput {
  id: number;
  positionJson: string | null;
  css: string | null;
  jsonMetadata: string | null;
  /** The dashboard's charts, any order. */
  charts: ChartDigestInput[];
}

export interface DigestExecutor {
  userId: number;
  /** `permissionFingerprint` of the user's permissions. */
  access: string;
}

function sha256(parts: unknown): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

/** A short hash of a permission set (order does not matter). */
export function permissionFingerprint(perms: Iterable<string>): string {
  return sha256([...perms].sort()).slice(0, 32);
}

function chartParts(c: ChartDigestInput): unknown[] {
  return [c.id, c.vizType, c.params, c.datasourceType, c.datasourceId, c.datasetChangedOn];
}

export function chartDigest(chart: ChartDigestInput, executor: DigestExecutor): string {
  return sha256(['chart', chartParts(chart), executor.userId, executor.access]);
}

export function dashboardDigest(dashboard: DashboardDigestInput, executor: DigestExecutor): string {
  const charts = [...dashboard.charts].sort((a, b) => a.id - b.id).map(chartParts);
  return sha256([
    'dashboard',
    dashboard.id,
    dashboard.positionJson,
    dashboard.css,
    dashboard.jsonMetadata,
    charts,
    executor.userId,
    executor.access,
  ]);
}
