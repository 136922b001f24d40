/**
 * Handlebars props: the template rendered against `{ data, formData }` by the interpreter
 * (Superset's `__timestamp` epoch values become Dates first, as there), or the template's
 * syntax error, and the CSS template. The component sanitises the HTML and scopes the CSS.
 */
import type { QueryFormData } from '@strata/core';
import type { ChartProps } from '../../plugin.js';
import { renderTemplate } from './interpreter.js';

export interface HandlebarsProps {
  width: number;
  height: number;
  /** The rendered template, not yet sanitised. */
  html: string;
  /** The template's syntax error, shown instead of the chart. */
  error: string | null;
  /** The CSS template as written (the component scopes it to the chart). */
  styleTemplate: string;
}

type Row = Record<string, unknown>;

function withDates(row: Row): Row {
  const ts = row.__timestamp;
  if (typeof ts !== 'number' && typeof ts !== 'string') return row;
  return { ...row, __timestamp: new Date(ts) };
}

export function transformProps(chartProps: ChartProps<QueryFormData>): HandlebarsProps {
  const { width, height, formData, queriesData } = chartProps;
  const data = (queriesData[0]?.data ?? []).map(withDates);
  const template =
    typeof formData.handlebarsTemplate === 'string' && formData.handlebarsTemplate
      ? formData.handlebarsTemplate
      : '{{data}}';
  const { html, error } = renderTemplate(template, { data, formData });
  const styleTemplate = typeof formData.styleTemplate === 'string' ? formData.styleTemplate : '';
  return { width, height, html, error, styleTemplate };
}
