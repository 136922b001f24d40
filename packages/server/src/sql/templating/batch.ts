/**
 * Several templates rendered as one unit of work, over plain data: what a worker thread
 * receives (see workers/cpu.ts). The engine's quoting is not in the data (functions do not
 * cross threads): the caller passes it, looked up by engine name where the batch runs.
 *
 * The texts share one time budget (`limits.timeoutMs`, default 1 s): a chart query renders its
 * dataset's SQL, expressions and `extras.where`/`having` as one batch, and the whole of it, not
 * each piece, is bounded. The first failing text ends the batch (as rendering them in order
 * would), and the answer names it by index.
 */
import { TemplateError } from './errors.js';
import type { TemplateContext } from './macros.js';
import { DEFAULT_LIMITS, renderTemplate, type RenderInfo, type TemplateLimits } from './render.js';
import { hasTemplateTags } from './scan.js';

/** A TemplateContext without its functions: plain data that can cross to a worker. */
export type PlainTemplateContext = Omit<TemplateContext, 'quote' | 'quoteIdentifier'>;

export interface TemplateBatch {
  texts: string[];
  context: PlainTemplateContext;
  /** The engine whose quoting the macros use (EngineSpec.engine). */
  engine: string;
  limits?: Partial<TemplateLimits>;
}

export type TemplateBatchResult =
  | { ok: true; results: RenderInfo[] }
  | { ok: false; index: number; message: string; line: number | null };

export type Quoting = Pick<TemplateContext, 'quote' | 'quoteIdentifier'>;

/** What a text renders to when it holds no template tags. */
export const untemplated = (sql: string): RenderInfo => ({
  sql,
  removedFilters: [],
  appliedFilters: [],
  appliedUrlParams: [],
  usesCurrentUser: false,
});

/**
 * Renders every text in order within one time budget; stops at the first failure. `onText` is
 * told the index of each text with tags before it is rendered.
 */
export function renderTemplateBatch(
  batch: TemplateBatch,
  quoting: Quoting,
  onText?: (index: number) => void,
): TemplateBatchResult {
  const limits: TemplateLimits = { ...DEFAULT_LIMITS, ...batch.limits };
  const deadline = performance.now() + limits.timeoutMs;
  const context: TemplateContext = { ...batch.context, ...quoting };
  const results: RenderInfo[] = [];
  for (const [index, text] of batch.texts.entries()) {
    if (!hasTemplateTags(text)) {
      results.push(untemplated(text));
      continue;
    }
    onText?.(index);
    try {
      results.push(renderTemplate(text, context, limits, deadline));
    } catch (e) {
      if (!(e instanceof TemplateError)) throw e;
      return { ok: false, index, message: e.message, line: e.line };
    }
  }
  return { ok: true, results };
}
