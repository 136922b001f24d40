/**
 * An alert's condition (Superset's AlertCommand rules): the SQL must give at most one row of
 * one column; no row is a null value. `not null` fires on any value but null and 0 (a text
 * value fires); `operator` needs a number and compares it with the threshold.
 */
import { alertFires, formatMessage, type ValidatorConfig, type ValidatorType } from '@strata/core';
import { REPORT_LOG_MESSAGES } from './messages.js';

export class AlertResultError extends Error {}

export interface AlertOutcome {
  fires: boolean;
  /** The value as a number when it is one (the log's `value`), else null. */
  value: number | null;
  /** The row as JSON text (the log's `value_row_json`), null without a row. */
  rowJson: string | null;
}

function numberOf(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return null;
}

/** Judges an alert query's result; throws AlertResultError with Superset's message when it is not one value. */
export function judgeAlert(
  columns: readonly string[],
  rows: readonly unknown[][],
  validatorType: ValidatorType,
  config: ValidatorConfig | null,
): AlertOutcome {
  if (rows.length > 1)
    throw new AlertResultError(formatMessage(REPORT_LOG_MESSAGES.multipleRows, rows.length));
  if (columns.length > 1)
    throw new AlertResultError(formatMessage(REPORT_LOG_MESSAGES.multipleColumns, columns.length));
  const row = rows[0];
  const raw = row === undefined ? null : (row[0] ?? null);
  const rowJson =
    row === undefined
      ? null
      : JSON.stringify(Object.fromEntries(columns.map((c, i) => [c, row[i] ?? null])));
  const value = raw === null ? null : numberOf(raw);
  if (validatorType === 'operator') {
    if (raw !== null && value === null) throw new AlertResultError(REPORT_LOG_MESSAGES.invalidType);
    return { fires: alertFires('operator', value, config), value, rowJson };
  }
  // not null: a text value counts as "not null" (it fires) though it has no number.
  const fires = raw !== null && !(value === 0);
  return { fires, value, rowJson };
}
