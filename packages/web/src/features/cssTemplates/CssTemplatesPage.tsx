import { useCallback } from 'react';
import { EditOutlined } from '@ant-design/icons';
import { CSS_TEMPLATE_VIEW } from '@strata/core';
import {
  ListView,
  RowActionButton,
  addButton,
  relatedFilter,
  searchFilter,
  useItemModal,
} from '../../components/ListView';
import type { ListFilterDef, ListViewContext, SortState } from '../../components/ListView';
import { RequirePermission } from '../../components/RequirePermission';
import { CssTemplateFormModal } from './CssTemplateFormModal';
import { CSS_TEMPLATE_COLUMNS, type CssTemplateListRow } from './columns';
import { CSS_TEMPLATE_RESOURCE } from './cssTemplatesApi';

const FILTERS: ListFilterDef[] = [
  relatedFilter('created_by', 'Created by', 'rel_o_m'),
  searchFilter('template_name', { label: 'Search', opr: 'css_template_all_text' }),
];
const SORT: SortState = { column: 'template_name', direction: 'asc' };
const itemName = (r: CssTemplateListRow) => r.template_name ?? '';

function CssTemplatesList() {
  const formModal = useItemModal<CssTemplateListRow>();
  const openForm = formModal.show;
  const rowActions = useCallback(
    (template: CssTemplateListRow, context: ListViewContext) =>
      context.canWrite ? (
        <RowActionButton title="Edit" icon={<EditOutlined />} onClick={() => openForm(template)} />
      ) : null,
    [openForm],
  );
  return (
    <>
      <ListView<CssTemplateListRow>
        resource={CSS_TEMPLATE_RESOURCE}
        resourceLabel="css template"
        title="CSS templates"
        columns={CSS_TEMPLATE_COLUMNS}
        filters={FILTERS}
        defaultSort={SORT}
        itemName={itemName}
        reloadToken={formModal.reloadToken}
        rowActions={rowActions}
        bulkDelete
        headerActions={addButton('CSS template', () => openForm(null))}
        emptyText="No CSS templates yet"
        emptyExtra={addButton('CSS template', () => openForm(null))}
      />
      <CssTemplateFormModal key={formModal.key} {...formModal.modalProps} />
    </>
  );
}

/** Settings → CSS templates (Superset's CssTemplatesList): for holders of can_read CssTemplate. */
export default function CssTemplatesPage() {
  return (
    <RequirePermission title="CSS templates" permission="can_read" view={CSS_TEMPLATE_VIEW}>
      <CssTemplatesList />
    </RequirePermission>
  );
}
