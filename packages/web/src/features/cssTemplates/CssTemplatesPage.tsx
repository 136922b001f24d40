import { CSS_TEMPLATE_VIEW } from '@strata/core';
import { EditableListView, relatedFilter, searchFilter } from '../../components/ListView';
import type { ListFilterDef, SortState } from '../../components/ListView';
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
  return (
    <EditableListView<CssTemplateListRow>
      resource={CSS_TEMPLATE_RESOURCE}
      resourceLabel="css template"
      title="CSS templates"
      columns={CSS_TEMPLATE_COLUMNS}
      filters={FILTERS}
      defaultSort={SORT}
      itemName={itemName}
      bulkDelete
      emptyText="No CSS templates yet"
      addLabel="CSS template"
      FormModal={CssTemplateFormModal}
    />
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
