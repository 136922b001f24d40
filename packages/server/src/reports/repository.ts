/**
 * Reading reports outside the API: one report as a run needs it (`loadReportForRun`, for the
 * executor), and the reports holding charts, dashboards or databases (their deletes are refused
 * while a report holds them, as Superset's ChartDeleteFailedReportsExistError and its siblings).
 */
import { reportExtra, validatorConfig, type ReportExtra, type ValidatorConfig } from '@strata/core';
import type { Selectable } from 'kysely';
import { ApiError } from '../api/errors.js';
import type { MetadataDb } from '../metadata/db.js';
import type { ReportScheduleTable } from '../metadata/schema.js';

export interface ReportForRun {
  row: Selectable<ReportScheduleTable>;
  /** Owners' user ids, ascending. */
  ownerIds: number[];
  /** `extra_json` parsed (`{}` when it is not a valid extra). */
  extra: ReportExtra;
  /** `validator_config_json` parsed; null when absent or not a valid config. */
  validatorConfig: ValidatorConfig | null;
}

function parseJson(text: string | null | undefined): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** `extra_json` as an extra object (`{}` when it is not one). */
export function parseExtra(text: string | null | undefined): ReportExtra {
  const parsed = reportExtra.safeParse(parseJson(text));
  return parsed.success ? parsed.data : {};
}

/** `validator_config_json` as a config, or null. */
export function parseValidatorConfig(text: string | null | undefined): ValidatorConfig | null {
  const raw = parseJson(text);
  if (raw === null) return null;
  const parsed = validatorConfig.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/** A report with its owners and parsed JSON fields, or null when there is none. */
export async function loadReportForRun(db: MetadataDb, id: number): Promise<ReportForRun | null> {
  const row = await db
    .selectFrom('report_schedule')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  const owners = await db
    .selectFrom('report_schedule_user')
    .select('user_id')
    .where('report_schedule_id', '=', id)
    .orderBy('user_id')
    .execute();
  return {
    row,
    ownerIds: owners.map((o) => o.user_id),
    extra: parseExtra(row.extra_json),
    validatorConfig: parseValidatorConfig(row.validator_config_json),
  };
}

/** What a report can hold. */
export type ReportReference = 'chart_id' | 'dashboard_id' | 'database_id';

/**
 * Refuses (422, Superset's message) to delete charts, dashboards or databases that reports
 * hold, naming the reports; call it in the delete's transaction, before the delete.
 */
export async function assertNoReportsHold(
  db: MetadataDb,
  column: ReportReference,
  ids: readonly number[],
): Promise<void> {
  if (!ids.length) return;
  const reports = await db
    .selectFrom('report_schedule')
    .select('name')
    .where(column, 'in', [...ids])
    .orderBy('id')
    .execute();
  if (reports.length)
    throw new ApiError(
      422,
      `There are associated alerts or reports: ${reports.map((r) => r.name).join(',')}`,
    );
}
