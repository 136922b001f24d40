import { Link } from 'react-router';
import { TAG_VIEW, type TagShow } from '@strata/core';
import { EditableListView, relatedFilter, searchFilter } from '../../components/ListView';
import type { ListColumn, ListFilterDef, SortState } from '../../components/ListView';
import { RequirePermission } from '../../components/RequirePermission';
import { NotFound } from '../../components/StatusResult';
import { MutedText } from '../lists/cells';
import { createdByColumn, modifiedColumn } from '../lists/columns';
import { TagFormModal } from './TagFormModal';
import { tagPagePath } from './tagChanges';
import { TAG_RESOURCE } from './tagsApi';
import { useTaggingEnabled } from './useObjectTags';

const FILTERS: ListFilterDef[] = [
  searchFilter('name'),
  relatedFilter('created_by', 'Created by', 'rel_o_m'),
];
const SORT: SortState = { column: 'name', direction: 'asc' };
const itemName = (t: TagShow) => t.name;

const COLUMNS: ListColumn<TagShow>[] = [
  {
    key: 'name',
    title: 'Name',
    sortKey: 'name',
    render: (t) => <Link to={tagPagePath(t.id)}>{t.name}</Link>,
  },
  {
    key: 'description',
    title: 'Description',
    render: (t) => <MutedText>{t.description}</MutedText>,
  },
  modifiedColumn<TagShow>('Last modified'),
  createdByColumn<TagShow>(),
];

function TagsList() {
  return (
    <EditableListView<TagShow>
      resource={TAG_RESOURCE}
      resourceLabel="tag"
      title="Tags"
      columns={COLUMNS}
      filters={FILTERS}
      defaultSort={SORT}
      itemName={itemName}
      emptyText="No Tags created"
      addLabel="Tag"
      FormModal={TagFormModal}
    />
  );
}

/** Settings → Tags (Superset's TagList), with TAGGING_SYSTEM only. */
export default function TagsPage() {
  if (!useTaggingEnabled()) return <NotFound />;
  return (
    <RequirePermission title="Tags" permission="can_read" view={TAG_VIEW}>
      <TagsList />
    </RequirePermission>
  );
}
