/**
 * The tasks a CPU worker thread runs (worker.ts), by name. Each takes and returns plain data;
 * the engine's quoting, which is code, is looked up by engine name (dialects.ts). The modules
 * imported here are pure and light (no database drivers, no HTTP), so a worker starts quickly.
 */
import { parseBundle, type BundleParseLimits } from '../imports/bundle.js';
import { renderTemplateBatch, type TemplateBatch } from '../sql/templating/batch.js';
import type { Engine } from '../sql/guard.js';
import { prepareScript, type PrepareInput } from '../sqllab/prepare.js';
import { checkStatements } from '../sqllab/statement-check.js';
import { workerDialect } from './dialects.js';
import type { TaskContext } from './protocol.js';

/** A SQL Lab script to prepare, with the engine whose quoting CTAS targets use. */
export interface PlainPrepareInput extends Omit<PrepareInput, 'quoteIdentifier'> {
  dialect: string;
}

export interface CheckScriptInput {
  sql: string;
  engine: Engine;
  allowDml: boolean;
}

export interface ParseBundleInput {
  data: Uint8Array;
  limits?: BundleParseLimits;
}

export const TASKS = {
  /** Renders templates; reports the index of each text it starts (to name a text that hangs). */
  templates(input: TemplateBatch, ctx: TaskContext) {
    const dialect = workerDialect(input.engine);
    return renderTemplateBatch(
      input,
      { quote: (v) => dialect.literal(v), quoteIdentifier: (n) => dialect.quoteIdentifier(n) },
      (index) => ctx.progress(index),
    );
  },
  prepareScript(input: PlainPrepareInput) {
    const { dialect, ...rest } = input;
    const quoting = workerDialect(dialect);
    return prepareScript({ ...rest, quoteIdentifier: (n) => quoting.quoteIdentifier(n) });
  },
  checkScript(input: CheckScriptInput) {
    return checkStatements(input.sql, input.engine, input.allowDml);
  },
  /** Reads a bundle; reports each file before parsing it (to name a file that kills it). */
  parseBundle(input: ParseBundleInput, ctx: TaskContext) {
    return parseBundle(input.data, input.limits, (path) => ctx.progress(path));
  },
};

export type TaskName = keyof typeof TASKS;
export type TaskOutput<K extends TaskName> = Awaited<ReturnType<(typeof TASKS)[K]>>;
