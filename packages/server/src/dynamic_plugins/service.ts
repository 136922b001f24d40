/**
 * Dynamic plugins without HTTP (issue 19): the write checks (unique name, key and bundle URL;
 * the bundle URL's origin against the operator's list) and the read list the web app loads at
 * start. The REST resource and the read endpoint (`routes.ts`) are thin over these.
 */
import {
  bundleUrlProblem,
  type DynamicPluginCreate,
  type DynamicPluginRow,
  type DynamicPluginUpdate,
} from '@strata/core';
import { unprocessable } from '../api/errors.js';
import { nowIso, type MetadataDb } from '../metadata/db.js';

/** What the checks need from the configuration. */
export interface DynamicPluginPolicy {
  /** Origins a bundle may come from besides this server (STRATA_DYNAMIC_PLUGIN_ORIGINS). */
  origins: readonly string[];
}

type Field = 'name' | 'key' | 'bundle_url';
const FIELD_LABEL: Record<Field, string> = { name: 'Name', key: 'Key', bundle_url: 'Bundle URL' };

/**
 * Every problem of a write, by field (Superset's 422 `{message: {field: [text]}}`): the bundle
 * URL's form and origin, and each of name, key and bundle URL unique among the other plugins.
 */
export async function writeProblems(
  db: MetadataDb,
  policy: DynamicPluginPolicy,
  body: DynamicPluginUpdate,
  exceptId?: number,
): Promise<Record<string, string[]>> {
  const problems: Record<string, string[]> = {};
  if (body.bundle_url !== undefined) {
    const problem = bundleUrlProblem(body.bundle_url, policy.origins);
    if (problem) problems.bundle_url = [problem];
  }
  for (const field of ['name', 'key', 'bundle_url'] as const) {
    const value = body[field];
    if (value === undefined || problems[field]) continue;
    let qb = db.selectFrom('dynamic_plugin').select('id').where(field, '=', value);
    if (exceptId !== undefined) qb = qb.where('id', '!=', exceptId);
    if (await qb.executeTakeFirst()) problems[field] = [`${FIELD_LABEL[field]} must be unique`];
  }
  return problems;
}

async function assertWritable(
  db: MetadataDb,
  policy: DynamicPluginPolicy,
  body: DynamicPluginUpdate,
  exceptId?: number,
): Promise<void> {
  const problems = await writeProblems(db, policy, body, exceptId);
  if (Object.keys(problems).length > 0) throw unprocessable(problems);
}

export async function createPlugin(
  db: MetadataDb,
  policy: DynamicPluginPolicy,
  userId: number,
  body: DynamicPluginCreate,
): Promise<number> {
  await assertWritable(db, policy, body);
  const now = nowIso();
  const row = await db
    .insertInto('dynamic_plugin')
    .values({
      name: body.name,
      key: body.key,
      bundle_url: body.bundle_url,
      created_on: now,
      changed_on: now,
      created_by_fk: userId,
      changed_by_fk: userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updatePlugin(
  db: MetadataDb,
  policy: DynamicPluginPolicy,
  userId: number,
  id: number,
  body: DynamicPluginUpdate,
): Promise<void> {
  await assertWritable(db, policy, body, id);
  await db
    .updateTable('dynamic_plugin')
    .set({
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.key !== undefined ? { key: body.key } : {}),
      ...(body.bundle_url !== undefined ? { bundle_url: body.bundle_url } : {}),
      changed_on: nowIso(),
      changed_by_fk: userId,
    })
    .where('id', '=', id)
    .execute();
}

/** Every plugin, by name (Superset's `base_order`), as the read endpoint lists them. */
export async function listPlugins(db: MetadataDb): Promise<DynamicPluginRow[]> {
  return db
    .selectFrom('dynamic_plugin')
    .select(['id', 'name', 'key', 'bundle_url'])
    .orderBy('name', 'asc')
    .orderBy('id', 'asc')
    .execute();
}
