/** CSV of a chart data answer: one query's colnames and records, temporal cells as text. */
import { GenericDataType } from '@strata/core';
import { csvLine } from '../sqllab/csv.js';
import type { ProcessedResult } from './payload.js';
import type { QueryPayload } from './service.js';

function cellText(value: unknown, temporal: boolean): unknown {
  // A list (boxplot's outliers) as pandas writes one: `[1, 2]`.
  if (Array.isArray(value)) return `[${value.map(String).join(', ')}]`;
  if (temporal && typeof value === 'number')
    return new Date(value).toISOString().slice(0, 19).replace('T', ' ');
  return value;
}

export function chartDataCsv(payload: QueryPayload | ProcessedResult): string {
  const colnames = (payload.colnames as string[] | undefined) ?? [];
  const coltypes = (payload.coltypes as number[] | undefined) ?? [];
  const data = (payload.data as Array<Record<string, unknown>> | undefined) ?? [];
  let text = csvLine(colnames);
  for (const record of data)
    text += csvLine(
      colnames.map((name, i) => cellText(record[name], coltypes[i] === GenericDataType.TEMPORAL)),
    );
  return text;
}
