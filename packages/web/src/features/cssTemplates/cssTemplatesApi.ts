/**
 * The calls of `/api/v1/css_template/` (Superset's CssTemplateRestApi). The list page's own
 * list calls go through ListView with `CSS_TEMPLATE_RESOURCE`.
 */
import type { CssTemplateRow, ListResponse } from '@strata/core';
import { api, listUrl } from '../../app/api';

export const CSS_TEMPLATE_RESOURCE = 'css_template';

/** What the dashboard's CSS editor offers: a template's name and CSS. */
export interface CssTemplateChoice {
  id: number;
  template_name: string;
  css: string;
}

/** How many templates the CSS editor's menu offers (Superset reads one page too). */
export const CSS_TEMPLATE_MENU_SIZE = 100;

/** The templates for the CSS editor's "Load a CSS template" menu, by name. */
export async function fetchCssTemplateChoices(signal?: AbortSignal): Promise<CssTemplateChoice[]> {
  const res = await api.get<ListResponse<Pick<CssTemplateRow, 'id' | 'template_name' | 'css'>>>(
    listUrl(CSS_TEMPLATE_RESOURCE, {
      columns: ['template_name', 'css'],
      order_column: 'template_name',
      order_direction: 'asc',
      page: 0,
      page_size: CSS_TEMPLATE_MENU_SIZE,
      keys: ['none'],
    }),
    { signal },
  );
  return res.result.map((t) => ({
    id: t.id,
    template_name: t.template_name ?? '',
    css: t.css ?? '',
  }));
}
