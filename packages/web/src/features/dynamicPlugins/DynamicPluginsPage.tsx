import { Tag, Tooltip } from 'antd';
import { AdminOnly } from '../../components/AdminOnly';
import { NotFound } from '../../components/StatusResult';
import { EditableListView, searchFilter } from '../../components/ListView';
import type { ListColumn, ListFilterDef, SortState } from '../../components/ListView';
import { useBootstrap } from '../../app/BootstrapContext';
import { DynamicPluginFormModal } from './DynamicPluginFormModal';
import { DYNAMIC_PLUGINS_RESOURCE, type PluginRow } from './pluginsApi';
import { useDynamicPlugins } from './useDynamicPlugins';

const FILTERS: ListFilterDef[] = [searchFilter('name')];
const SORT: SortState = { column: 'name', direction: 'asc' };
const itemName = (r: PluginRow) => r.name;

/** Whether this page load registered the plugin, or why it failed (load failures are logged). */
function LoadStatus({ pluginKey }: { pluginKey: string }) {
  const status = useDynamicPlugins().plugins[pluginKey];
  if (!status) return <Tag>Not loaded</Tag>;
  if (status.mounting) return <Tag color="processing">Loading</Tag>;
  if (status.error)
    return (
      <Tooltip title={status.error}>
        <Tag color="error">Failed</Tag>
      </Tooltip>
    );
  return <Tag color="success">Loaded</Tag>;
}

const COLUMNS: ListColumn<PluginRow>[] = [
  { key: 'name', title: 'Name', sortKey: 'name', render: (r) => <strong>{r.name}</strong> },
  { key: 'key', title: 'Key', sortKey: 'key', render: (r) => <code>{r.key}</code> },
  { key: 'bundle_url', title: 'Bundle URL', sortKey: 'bundle_url', render: (r) => r.bundle_url },
  { key: 'status', title: 'Status', render: (r) => <LoadStatus pluginKey={r.key} /> },
];

function PluginsList() {
  return (
    <EditableListView<PluginRow>
      resource={DYNAMIC_PLUGINS_RESOURCE}
      resourceLabel="plugin"
      title="Plugins"
      columns={COLUMNS}
      filters={FILTERS}
      defaultSort={SORT}
      itemName={itemName}
      emptyText="No plugins"
      addLabel="Plugin"
      addWhenEmpty={false}
      FormModal={DynamicPluginFormModal}
    />
  );
}

/** Dynamic plugins (Superset's "Plugins" under Manage): admins only, with DYNAMIC_PLUGINS on. */
export default function DynamicPluginsPage() {
  const enabled = useBootstrap().common.feature_flags.DYNAMIC_PLUGINS === true;
  if (!enabled) return <NotFound />;
  return (
    <AdminOnly title="Plugins">
      <PluginsList />
    </AdminOnly>
  );
}
