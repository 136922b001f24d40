/**
 * Jinja templating of user-written SQL, as Superset's SQL Lab and virtual datasets do it:
 * `{{ url_param('country') }}`, `{% if filter_values('region') %}…{% endif %}`, template
 * parameters as variables. Pure: the engine's quoting comes in as functions, nothing is read
 * from the process, and rendering is sandboxed and bounded (see render.ts).
 */
import { TemplateError } from './errors.js';
import type { TemplateContext } from './macros.js';
import { DEFAULT_LIMITS, renderTemplate, type RenderInfo, type TemplateLimits } from './render.js';
import { hasTemplateTags } from './scan.js';

export { TemplateError } from './errors.js';
export type {
  MacroRecord,
  QuoteLiteral,
  TemplateContext,
  TemplateFilter,
  TemplateUser,
} from './macros.js';
export { DEFAULT_LIMITS, type RenderInfo, type TemplateLimits } from './render.js';

/**
 * Renders the SQL and tells what it used: `removedFilters` (columns a
 * `filter_values`/`get_filters(…, remove_filter=True)` took over, which the caller must not
 * apply again), `appliedFilters`, `appliedUrlParams` (names to add to the cache key with their
 * values) and `usesCurrentUser` (the result depends on the user). Text without `{{`, `{%` or
 * `{#` is returned unchanged, at no cost.
 */
export function renderSqlTemplateWithInfo(
  sql: string,
  context: TemplateContext,
  limits: Partial<TemplateLimits> = {},
): RenderInfo {
  if (!hasTemplateTags(sql)) {
    return {
      sql,
      removedFilters: [],
      appliedFilters: [],
      appliedUrlParams: [],
      usesCurrentUser: false,
    };
  }
  return renderTemplate(sql, context, { ...DEFAULT_LIMITS, ...limits });
}

/** The SQL with its Jinja rendered; every failure is a TemplateError. */
export function renderSqlTemplate(
  sql: string,
  context: TemplateContext,
  limits: Partial<TemplateLimits> = {},
): string {
  return renderSqlTemplateWithInfo(sql, context, limits).sql;
}

/**
 * The template parameters of a tab or dataset from their JSON text: empty or null gives {};
 * anything but a JSON object is a TemplateError.
 */
export function templateParamsFromJson(text: string | null | undefined): Record<string, unknown> {
  if (text === null || text === undefined || text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new TemplateError('Template parameters must be a JSON object');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new TemplateError('Template parameters must be a JSON object');
  }
  return parsed as Record<string, unknown>;
}
