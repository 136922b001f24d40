/**
 * `applyPostProcessing(table, steps)`: runs a query object's `post_processing` list in order.
 * Each step is `{operation, options}`; its options are checked against the operation's schema
 * before it runs. An unknown operation, bad options or a step that cannot run on the table is a
 * PostProcessingError whose message names the step and the problem (the API answers 400).
 */
import type { z } from 'zod';
import { aggregate } from './aggregate.js';
import { boxplot } from './boxplot.js';
import { compare } from './compare.js';
import { contribution } from './contribution.js';
import { cum } from './cum.js';
import { diff } from './diff.js';
import { PostProcessingError } from './errors.js';
import { flatten } from './flatten.js';
import { geodeticParse, geohashDecode, geohashEncode } from './geography.js';
import { histogram } from './histogram.js';
import { pivot } from './pivot.js';
import { rank } from './rank.js';
import { rename } from './rename.js';
import { resample } from './resample.js';
import { rolling } from './rolling.js';
import {
  aggregateOptions,
  boxplotOptions,
  compareOptions,
  contributionOptions,
  cumOptions,
  diffOptions,
  flattenOptions,
  geodeticParseOptions,
  geohashOptions,
  histogramOptions,
  pivotOptions,
  postProcessingStep,
  rankOptions,
  renameOptions,
  resampleOptions,
  rollingOptions,
  selectOptions,
  sortOptions,
} from './schemas.js';
import { select } from './select.js';
import { sort } from './sort.js';
import type { Table } from './table.js';

interface Operation {
  run(table: Table, options: unknown, operation: string): Table;
}

function operation<S extends z.ZodType>(
  schema: S,
  fn: (table: Table, options: z.output<S>) => Table,
): Operation {
  return {
    run(table, options, name) {
      const parsed = schema.safeParse(options ?? {});
      if (!parsed.success) {
        const problems = parsed.error.issues.map((issue) => {
          const path = issue.path.map(String).join('.');
          return path ? `${path}: ${issue.message}` : issue.message;
        });
        throw new PostProcessingError(`Invalid options for ${name}: ${problems.join('; ')}`);
      }
      return fn(table, parsed.data);
    },
  };
}

/** Every operation a `post_processing` step may name. */
export const OPERATIONS: Readonly<Record<string, Operation>> = {
  aggregate: operation(aggregateOptions, aggregate),
  pivot: operation(pivotOptions, pivot),
  rolling: operation(rollingOptions, rolling),
  cum: operation(cumOptions, cum),
  resample: operation(resampleOptions, resample),
  contribution: operation(contributionOptions, contribution),
  compare: operation(compareOptions, compare),
  diff: operation(diffOptions, diff),
  sort: operation(sortOptions, sort),
  rename: operation(renameOptions, rename),
  flatten: operation(flattenOptions, flatten),
  select: operation(selectOptions, select),
  boxplot: operation(boxplotOptions, boxplot),
  histogram: operation(histogramOptions, histogram),
  rank: operation(rankOptions, rank),
  geohash_decode: operation(geohashOptions, geohashDecode),
  geohash_encode: operation(geohashOptions, geohashEncode),
  geodetic_parse: operation(geodeticParseOptions, geodeticParse),
};

/**
 * Operations of Superset that need a library this server does not have: named with Superset's
 * own message (a 400), not "Unsupported".
 */
const UNAVAILABLE: Readonly<Record<string, string>> = {
  prophet: '`prophet` package not installed',
};

function isFalsy(value: unknown): boolean {
  if (!value) return true;
  if (Array.isArray(value)) return value.length === 0;
  return typeof value === 'object' && Object.keys(value).length === 0;
}

export function applyPostProcessing(
  table: Table,
  steps: readonly unknown[] | null | undefined,
): Table {
  let result = table;
  for (const [i, raw] of (steps ?? []).entries()) {
    // Superset keeps only truthy entries (Python truthiness: no null, false, 0, "", {}, []).
    if (isFalsy(raw)) continue;
    const step = postProcessingStep.safeParse(raw);
    if (!step.success) {
      throw new PostProcessingError(
        `Post processing step ${i + 1} must be an object with an operation and options`,
      );
    }
    const name = step.data.operation;
    if (!name) {
      throw new PostProcessingError('`operation` property of post processing object undefined');
    }
    if (Object.hasOwn(UNAVAILABLE, name)) throw new PostProcessingError(UNAVAILABLE[name]!);
    const op = Object.hasOwn(OPERATIONS, name) ? OPERATIONS[name] : undefined;
    if (!op) throw new PostProcessingError(`Unsupported post processing operation: ${name}`);
    result = op.run(result, step.data.options ?? {}, name);
  }
  return result;
}
