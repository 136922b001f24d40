import type { CssTemplateRow } from '@strata/core';
import type { ListColumn } from '../../components/ListView';
import { modifiedByColumn, modifiedColumn, createdByColumn } from '../lists/columns';

export type CssTemplateListRow = CssTemplateRow;

/** Superset's CSS template list: name, last modified (and by whom), created by. */
export const CSS_TEMPLATE_COLUMNS: ListColumn<CssTemplateListRow>[] = [
  {
    key: 'template_name',
    title: 'Name',
    sortKey: 'template_name',
    render: (r) => <strong>{r.template_name}</strong>,
  },
  modifiedColumn<CssTemplateListRow>('Last modified'),
  modifiedByColumn<CssTemplateListRow>(),
  createdByColumn<CssTemplateListRow>(),
];
