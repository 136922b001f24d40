/**
 * `/annotationlayer/{id}/annotation/` (Superset's AnnotationList): the annotations of one layer
 * with their label, start, end, description and JSON metadata; add, edit, delete; a link back
 * to the layers.
 */
import { useCallback, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Flex, Typography } from 'antd';
import { ArrowLeftOutlined, EditOutlined } from '@ant-design/icons';
import { errorMessage, isAbortError } from '../../app/api';
import {
  ListView,
  RowActionButton,
  addButton,
  searchFilter,
  useItemModal,
} from '../../components/ListView';
import type {
  ListColumn,
  ListFilterDef,
  ListViewContext,
  SortState,
} from '../../components/ListView';
import { RequirePermission } from '../../components/RequirePermission';
import { NotFound } from '../../components/StatusResult';
import { MutedText, SqlPreview } from '../lists/cells';
import { formatDateTime } from '../reports/reportList';
import { AnnotationFormModal } from './AnnotationFormModal';
import { layerIdParam } from './annotationForm';
import {
  ANNOTATION_VIEW,
  annotationResource,
  fetchAnnotationLayer,
  type AnnotationLayerRow,
  type AnnotationRow,
} from './annotationLayersApi';

const FILTERS: ListFilterDef[] = [
  searchFilter('short_descr', { label: 'Search', opr: 'annotation_all_text' }),
];
const SORT: SortState = { column: 'short_descr', direction: 'asc' };
const itemName = (r: AnnotationRow) => r.short_descr;

const COLUMNS: ListColumn<AnnotationRow>[] = [
  {
    key: 'short_descr',
    title: 'Label',
    sortKey: 'short_descr',
    render: (r) => <strong>{r.short_descr}</strong>,
  },
  {
    key: 'start_dttm',
    title: 'Start',
    sortKey: 'start_dttm',
    width: 170,
    render: (r) => <MutedText>{formatDateTime(r.start_dttm)}</MutedText>,
  },
  {
    key: 'end_dttm',
    title: 'End',
    sortKey: 'end_dttm',
    width: 170,
    render: (r) => <MutedText>{formatDateTime(r.end_dttm)}</MutedText>,
  },
  {
    key: 'long_descr',
    title: 'Description',
    render: (r) => <MutedText>{r.long_descr}</MutedText>,
  },
  {
    key: 'json_metadata',
    title: 'JSON metadata',
    responsive: ['lg'],
    render: (r) => <SqlPreview sql={r.json_metadata} />,
  },
];

function AnnotationsList({ layerId }: { layerId: number }) {
  const [layer, setLayer] = useState<AnnotationLayerRow | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetchAnnotationLayer(layerId, controller.signal)
      .then(setLayer)
      .catch((e: unknown) => {
        if (!isAbortError(e)) setError(errorMessage(e));
      });
    return () => controller.abort();
  }, [layerId]);

  const formModal = useItemModal<AnnotationRow>();
  const openForm = formModal.show;
  const rowActions = useCallback(
    (annotation: AnnotationRow, context: ListViewContext) =>
      context.canWrite ? (
        <RowActionButton
          title="Edit"
          icon={<EditOutlined />}
          onClick={() => openForm(annotation)}
        />
      ) : null,
    [openForm],
  );
  return (
    <Flex vertical gap={8}>
      <Link to="/annotationlayer/list/" data-test="annotations-back">
        <ArrowLeftOutlined /> Back to all
      </Link>
      <ListView<AnnotationRow>
        resource={annotationResource(layerId)}
        resourceLabel="annotation"
        title={layer ? `Annotation layer ${layer.name}` : 'Annotation layer'}
        titleExtra={
          error ? (
            <Typography.Text type="danger">{error}</Typography.Text>
          ) : layer?.descr ? (
            <Typography.Text type="secondary">{layer.descr}</Typography.Text>
          ) : null
        }
        columns={COLUMNS}
        filters={FILTERS}
        defaultSort={SORT}
        itemName={itemName}
        reloadToken={formModal.reloadToken}
        rowActions={rowActions}
        bulkDelete
        headerActions={addButton('Annotation', () => openForm(null))}
        emptyText="No annotation yet"
        emptyExtra={addButton('Annotation', () => openForm(null))}
      />
      <AnnotationFormModal layerId={layerId} key={formModal.key} {...formModal.modalProps} />
    </Flex>
  );
}

export default function AnnotationsPage() {
  const layerId = layerIdParam(useParams().id);
  if (layerId === null) return <NotFound />;
  return (
    <RequirePermission title="Annotations" permission="can_read" view={ANNOTATION_VIEW}>
      <AnnotationsList layerId={layerId} />
    </RequirePermission>
  );
}
