import { Link } from 'react-router';
import { EditableListView, relatedFilter, searchFilter } from '../../components/ListView';
import type { ListColumn, ListFilterDef, SortState } from '../../components/ListView';
import { RequirePermission } from '../../components/RequirePermission';
import { MutedText } from '../lists/cells';
import { createdByColumn, modifiedColumn } from '../lists/columns';
import { AnnotationLayerFormModal } from './AnnotationLayerFormModal';
import {
  ANNOTATION_LAYER_RESOURCE,
  ANNOTATION_VIEW,
  type AnnotationLayerRow,
} from './annotationLayersApi';
import { annotationsPath } from './paths';

const FILTERS: ListFilterDef[] = [
  relatedFilter('created_by', 'Created by', 'rel_o_m'),
  searchFilter('name', { label: 'Search', opr: 'annotation_layer_all_text' }),
];
const SORT: SortState = { column: 'name', direction: 'asc' };
const itemName = (r: AnnotationLayerRow) => r.name;

const COLUMNS: ListColumn<AnnotationLayerRow>[] = [
  {
    key: 'name',
    title: 'Name',
    sortKey: 'name',
    render: (r) => <Link to={annotationsPath(r.id)}>{r.name}</Link>,
  },
  {
    key: 'descr',
    title: 'Description',
    sortKey: 'descr',
    render: (r) => <MutedText>{r.descr}</MutedText>,
  },
  modifiedColumn<AnnotationLayerRow>('Last modified'),
  createdByColumn<AnnotationLayerRow>(),
];

function AnnotationLayersList() {
  return (
    <EditableListView<AnnotationLayerRow>
      resource={ANNOTATION_LAYER_RESOURCE}
      resourceLabel="annotation layer"
      title="Annotation layers"
      columns={COLUMNS}
      filters={FILTERS}
      defaultSort={SORT}
      itemName={itemName}
      bulkDelete
      emptyText="No annotation layers yet"
      addLabel="Annotation layer"
      FormModal={AnnotationLayerFormModal}
    />
  );
}

/** Settings → Annotation layers (Superset's AnnotationLayersList). */
export default function AnnotationLayersPage() {
  return (
    <RequirePermission title="Annotation layers" permission="can_read" view={ANNOTATION_VIEW}>
      <AnnotationLayersList />
    </RequirePermission>
  );
}
