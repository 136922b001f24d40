import { useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { Alert, App, Badge, Button, Flex, Modal, Space, Spin, Tabs, Tooltip } from 'antd';
import { MESSAGES } from '@strata/core';
import { useBootstrap } from '../../app/BootstrapContext';
import { ApiError, api, errorMessage, isAbortError, itemUrl } from '../../app/api';
import { useToasts } from '../../app/toasts';
import type { ItemFormModalProps } from '../../components/ListView';
import { CalculatedColumnsTab, ColumnsTab } from './ColumnTabs';
import { serverMessages } from './createDataset';
import {
  addCalculatedColumn,
  addMetric,
  buildDatasetPayload,
  editStateFromDataset,
  legacyEditorUrl,
  errorMessages,
  isVirtual,
  mergeSyncedColumns,
  removeCalculatedColumn,
  removeMetric,
  temporalColumnNames,
  updateColumn,
  updateMetric,
  updateSettings,
  validateEditState,
} from './datasetEdit';
import type { DatasetDetail, DatasetEditState, EditTab, SyncSummary } from './datasetEdit';
import { MetricsTab } from './MetricsTab';
import { SettingsTab } from './SettingsTab';

/** The spec's height of the Edit Dataset dialog. */
export const EDIT_DATASET_MODAL_HEIGHT = 900;

const DATASET = 'dataset';

/** The dataset a list row stands for: enough to load it. */
export interface DatasetRef {
  id: number;
  table_name: string;
}

function syncMessage(summary: SyncSummary): string {
  const parts = [
    summary.added.length ? `${summary.added.length} added` : '',
    summary.modified.length ? `${summary.modified.length} changed` : '',
    summary.removed.length ? `${summary.removed.length} removed` : '',
  ].filter(Boolean);
  return parts.length ? `Columns synced: ${parts.join(', ')}` : 'The columns are up to date';
}

function tabLabel(text: string, errorCount: number): ReactNode {
  return errorCount > 0 ? (
    <Badge dot offset={[6, 0]} title={`${errorCount} problems`}>
      {text}
    </Badge>
  ) : (
    text
  );
}

/** Edit a dataset's settings, metrics and columns. Mount it fresh (new key) per opening. */
export default function DatasetEditModal({
  open,
  item,
  onClose,
  onSaved,
}: ItemFormModalProps<DatasetRef>) {
  const { modal } = App.useApp();
  const featureFlags = useBootstrap().common.feature_flags;
  const { addSuccessToast, addDangerToast } = useToasts();
  const [dataset, setDataset] = useState<DatasetDetail | null>(null);
  const [state, setState] = useState<DatasetEditState | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [tab, setTab] = useState<EditTab>('settings');
  const [saving, setSaving] = useState(false);
  const [syncing, setSyncing] = useState(false);
  const datasetId = item?.id ?? null;

  useEffect(() => {
    if (!open || datasetId === null) return undefined;
    const controller = new AbortController();
    api
      .get<{ result: DatasetDetail }>(itemUrl(DATASET, datasetId), { signal: controller.signal })
      .then((res) => {
        setDataset(res.result);
        setState(editStateFromDataset(res.result));
      })
      .catch((e: unknown) => {
        if (!isAbortError(e)) setLoadError(errorMessage(e));
      });
    return () => controller.abort();
  }, [open, datasetId]);

  const virtual = dataset ? isVirtual(dataset) : false;
  const errors = useMemo(() => (state ? validateEditState(state, virtual) : []), [state, virtual]);
  const messages = useMemo(() => errorMessages(errors), [errors]);
  const count = (t: EditTab) => errors.filter((e) => e.tab === t).length;
  const managed = dataset?.is_managed_externally === true;

  const change = (fn: (s: DatasetEditState) => DatasetEditState) =>
    setState((s) => (s ? fn(s) : s));

  const syncColumns = async () => {
    if (datasetId === null || !state) return;
    // Physical column names and types are read-only here: the summary against this render's
    // state is the one against the latest state.
    const before = state;
    setSyncing(true);
    try {
      await api.put(`${itemUrl(DATASET, datasetId)}/refresh`);
      const res = await api.get<{ result: DatasetDetail }>(itemUrl(DATASET, datasetId));
      const synced = res.result.columns ?? [];
      setState((s) => (s ? mergeSyncedColumns(s, synced).state : s));
      addSuccessToast(syncMessage(mergeSyncedColumns(before, synced).summary));
    } catch (e) {
      addDangerToast(errorMessage(e));
    } finally {
      setSyncing(false);
    }
  };

  const put = async (current: DatasetEditState) => {
    if (datasetId === null) return;
    setSaving(true);
    try {
      await api.put(itemUrl(DATASET, datasetId), buildDatasetPayload(current, virtual));
      addSuccessToast(MESSAGES.datasetSaved);
      onSaved();
    } catch (e) {
      // The server's reasons, else the spec's text (a network failure says so instead).
      const reasons = e instanceof ApiError ? serverMessages(e.body) : [];
      const text =
        reasons.length > 0
          ? reasons.join('\n')
          : e instanceof ApiError && e.status > 0
            ? MESSAGES.datasetSaveErrorModal
            : errorMessage(e);
      modal.error({ title: 'Error', content: text });
    } finally {
      setSaving(false);
    }
  };

  const confirmSave = () => {
    if (!state || errors.length > 0 || managed) return;
    const current = state;
    modal.confirm({
      title: 'Confirm save',
      content:
        'The dataset configuration exposed here affects all the charts using this dataset. Be mindful that changing settings here may affect other charts in undesirable ways.',
      okText: 'OK',
      cancelText: 'Cancel',
      onOk: () => put(current),
    });
  };

  let body: ReactNode;
  if (loadError) {
    body = <Alert type="error" showIcon title={loadError} />;
  } else if (!dataset || !state) {
    body = (
      <Flex justify="center" style={{ padding: 96 }}>
        <Spin />
      </Flex>
    );
  } else {
    body = (
      <>
        {managed ? (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 12 }}
            title={MESSAGES.datasetManagedExternally}
          />
        ) : null}
        <Tabs
          activeKey={tab}
          onChange={(key) => setTab(key as EditTab)}
          items={[
            {
              key: 'settings',
              label: tabLabel('Settings', count('settings')),
              children: (
                <SettingsTab
                  dataset={dataset}
                  settings={state.settings}
                  virtual={virtual}
                  temporalColumns={temporalColumnNames(state)}
                  errors={errors}
                  onChange={(patch) => change((s) => updateSettings(s, patch))}
                />
              ),
            },
            {
              key: 'metrics',
              label: tabLabel(`Metrics (${state.metrics.length})`, count('metrics')),
              children: (
                <MetricsTab
                  metrics={state.metrics}
                  sql={{
                    columns: [...state.columns, ...state.calculated],
                    database: dataset.database,
                  }}
                  errors={errors}
                  onAdd={() => change(addMetric)}
                  onChange={(key, patch) => change((s) => updateMetric(s, key, patch))}
                  onRemove={(key) => change((s) => removeMetric(s, key))}
                />
              ),
            },
            {
              key: 'columns',
              label: tabLabel(`Columns (${state.columns.length})`, count('columns')),
              children: (
                <ColumnsTab
                  columns={state.columns}
                  onChange={(key, patch) => change((s) => updateColumn(s, key, patch))}
                  onSync={() => void syncColumns()}
                  syncing={syncing}
                />
              ),
            },
            {
              key: 'calculated',
              label: tabLabel(
                `Calculated columns (${state.calculated.length})`,
                count('calculated'),
              ),
              children: (
                <CalculatedColumnsTab
                  columns={state.calculated}
                  sql={{ columns: state.columns, database: dataset.database }}
                  errors={errors}
                  onAdd={() => change(addCalculatedColumn)}
                  onChange={(key, patch) => change((s) => updateColumn(s, key, patch))}
                  onRemove={(key) => change((s) => removeCalculatedColumn(s, key))}
                />
              ),
            },
          ]}
        />
      </>
    );
  }

  const saveDisabled = !state || saving || errors.length > 0 || managed;
  // Spec 001 §2: the footer offers the legacy editor unless DISABLE_LEGACY_DATASOURCE_EDITOR.
  const legacyUrl = legacyEditorUrl(dataset, featureFlags);
  const saveButton = (
    <Button type="primary" disabled={saveDisabled} loading={saving} onClick={confirmSave}>
      Save
    </Button>
  );
  const footer = (
    <Flex justify="space-between" align="flex-start" gap={16}>
      <div style={{ flex: 1, minWidth: 0, textAlign: 'left' }}>
        {messages.length > 0 ? (
          <Alert
            type="error"
            showIcon
            title={messages.length === 1 ? messages[0] : `${messages.length} problems to fix`}
            description={
              messages.length > 1 ? (
                <ul style={{ margin: 0, paddingInlineStart: 18, maxHeight: 72, overflow: 'auto' }}>
                  {messages.map((m) => (
                    <li key={m}>{m}</li>
                  ))}
                </ul>
              ) : undefined
            }
          />
        ) : null}
      </div>
      <Space>
        {legacyUrl ? (
          <Button type="link" href={legacyUrl} data-test="datasource-editor-legacy">
            Use legacy datasource editor
          </Button>
        ) : null}
        <Button onClick={onClose}>Cancel</Button>
        {managed ? (
          <Tooltip title={MESSAGES.datasetManagedExternally}>
            <span style={{ display: 'inline-block' }}>{saveButton}</span>
          </Tooltip>
        ) : (
          saveButton
        )}
      </Space>
    </Flex>
  );

  return (
    <Modal
      open={open}
      title={`Edit Dataset ${dataset?.table_name ?? item?.table_name ?? ''}`}
      width="min(1200px, 96vw)"
      centered
      onCancel={onClose}
      footer={footer}
      destroyOnHidden
      mask={{ closable: false }}
      styles={{
        container: {
          height: `min(${EDIT_DATASET_MODAL_HEIGHT}px, calc(100vh - 32px))`,
          display: 'flex',
          flexDirection: 'column',
        },
        body: { flex: 1, minHeight: 0, overflowY: 'auto', overflowX: 'hidden' },
      }}
    >
      {body}
    </Modal>
  );
}
