import { useEffect, useState } from 'react';
import { Button, Checkbox, Flex, Input, Modal, Radio, Select, Typography } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { MESSAGES } from '@strata/core';
import type { QueryFormData, ResultColumn } from '@strata/core';
import { ApiError, api, errorMessage, isAbortError } from '../../app/api';
import { browserTabId, exploreAddress, storeFormData } from '../../features/explore/formDataKey';
import { useCurrentUser } from '../../app/BootstrapContext';
import { useToasts } from '../../app/toasts';
import {
  createdDatasetId,
  datasetTemplateParams,
  defaultDatasetName,
  exploreDatasetUrl,
  overwriteBody,
  overwriteUrl,
  ownedDatasetsFromList,
  ownedDatasetsUrl,
  savedDatasetFormData,
  sqllabVizBody,
} from './saveDataset';
import type { DatasetSaveMode, OwnedDataset } from './saveDataset';

export interface SaveDatasetModalProps {
  open: boolean;
  onClose: () => void;
  dbId: number;
  schema: string | null;
  catalog?: string | null;
  sql: string;
  templateParams?: string | null;
  columns: ResultColumn[];
  defaultName: string;
  onSaved?: (datasetId: number) => void;
  /** Open Explore in a new window (default) or in this one. */
  openInNewWindow?: boolean;
  /**
   * Explore's form data when the dialog is opened there on a query: kept (moved onto the
   * dataset) instead of the dialog's defaults (a table of the dataset's columns).
   */
  formData?: QueryFormData | null;
}

const SEARCH_DEBOUNCE_MS = 250;

function sessionStorageOrNull(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * Opens Explore in a new window (without a handle back to this one), or in this window when
 * asked to or when the browser blocked the new one.
 */
function openExplore(url: string, newWindow: boolean): void {
  const opened = newWindow ? window.open(url, '_blank') : null;
  if (opened) opened.opener = null;
  else window.location.assign(url);
}

/** The server's message of a failed call, when it said one. */
function serverMessage(e: unknown): string | null {
  if (e instanceof ApiError && e.status > 0 && e.body !== null && typeof e.body === 'object') {
    return e.message || null;
  }
  return e instanceof ApiError && e.status === 0 ? e.message : null;
}

/** Datasets of the user matching the typed text, asked for as one types. */
function useOwnedDatasets(enabled: boolean, search: string, userId: number | null) {
  const [options, setOptions] = useState<OwnedDataset[]>([]);
  const [loading, setLoading] = useState(false);
  const [loadError, setLoadError] = useState('');
  useEffect(() => {
    if (!enabled || userId === null) return undefined;
    const controller = new AbortController();
    const timer = setTimeout(
      () => {
        setLoading(true);
        api
          .get<unknown>(ownedDatasetsUrl(search, userId), { signal: controller.signal })
          .then((answer) => {
            setOptions(ownedDatasetsFromList(answer));
            setLoadError('');
          })
          .catch((e: unknown) => {
            if (isAbortError(e)) return;
            setOptions([]);
            setLoadError(errorMessage(e));
          })
          .finally(() => {
            if (!controller.signal.aborted) setLoading(false);
          });
      },
      search ? SEARCH_DEBOUNCE_MS : 0,
    );
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [enabled, search, userId]);
  return { options, loading, loadError };
}

/**
 * The "Save or Overwrite Dataset" dialog (spec 001 §2): the query as a new virtual dataset, or
 * over one of the user's datasets (after a confirmation step); then Explore opens on it. Used by
 * SQL Lab's results and by Explore's dataset menu on a query.
 */
export function SaveDatasetModal({
  open,
  onClose,
  dbId,
  schema,
  catalog = null,
  sql,
  templateParams = null,
  columns,
  defaultName,
  onSaved,
  openInNewWindow = true,
  formData = null,
}: SaveDatasetModalProps) {
  const user = useCurrentUser();
  const { addSuccessToast, addDangerToast } = useToasts();
  const [mode, setMode] = useState<DatasetSaveMode>('new');
  const [name, setName] = useState(() => defaultDatasetName(defaultName));
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<OwnedDataset | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [saving, setSaving] = useState(false);
  const params = datasetTemplateParams(templateParams);
  const [includeParams, setIncludeParams] = useState(true);

  // Each opening starts afresh.
  useEffect(() => {
    if (!open) return;
    setMode('new');
    setName(defaultDatasetName(defaultName));
    setSearch('');
    setChosen(null);
    setConfirming(false);
    setSaving(false);
  }, [open, defaultName]);

  const owned = useOwnedDatasets(open && mode === 'overwrite', search, user?.userId ?? null);

  /** Explore opens on the saved dataset with its form data under a new key (spec 001 §2). */
  const finish = async (id: number) => {
    addSuccessToast(MESSAGES.datasetSaved);
    onSaved?.(id);
    let url = exploreDatasetUrl(id);
    try {
      const key = await storeFormData(
        api,
        null,
        savedDatasetFormData(id, columns, formData),
        browserTabId(sessionStorageOrNull()),
      );
      url = exploreAddress(key, undefined);
    } catch (e) {
      // The dataset is saved: Explore opens on it plainly.
      addDangerToast(errorMessage(e));
    }
    openExplore(url, openInNewWindow);
    onClose();
  };

  const saveNew = async () => {
    if (!name.trim()) return;
    setSaving(true);
    try {
      const answer = await api.post<unknown>(
        '/superset/sqllab_viz/',
        sqllabVizBody({
          dbId,
          schema,
          catalog,
          sql,
          templateParams: includeParams ? params : null,
          datasourceName: name,
          columns,
        }),
      );
      const id = createdDatasetId(answer);
      if (id === null) throw new Error(MESSAGES.datasourceCreateError);
      await finish(id);
    } catch (e) {
      addDangerToast(serverMessage(e) ?? MESSAGES.datasourceCreateError);
    } finally {
      setSaving(false);
    }
  };

  const overwrite = async () => {
    if (!chosen) return;
    if (!confirming) {
      setConfirming(true);
      return;
    }
    setSaving(true);
    try {
      await api.put(
        overwriteUrl(chosen.id),
        overwriteBody({
          dbId,
          schema,
          catalog,
          sql,
          columns,
          owners: chosen.owners,
          templateParams: includeParams ? params : null,
        }),
      );
      await finish(chosen.id);
    } catch (e) {
      addDangerToast(serverMessage(e) ?? MESSAGES.datasetSaveError);
    } finally {
      setSaving(false);
    }
  };

  const disabled = mode === 'new' ? name.trim() === '' : chosen === null;

  const footer = (
    <Flex align="center" justify="space-between" gap={8}>
      <div>
        {params ? (
          <Checkbox checked={includeParams} onChange={(e) => setIncludeParams(e.target.checked)}>
            Include template parameters
          </Checkbox>
        ) : null}
      </div>
      <Flex gap={8}>
        {confirming ? (
          <Button onClick={() => setConfirming(false)} disabled={saving}>
            Back
          </Button>
        ) : (
          <Button onClick={onClose} disabled={saving}>
            Cancel
          </Button>
        )}
        {mode === 'new' ? (
          <Button
            type="primary"
            disabled={disabled}
            loading={saving}
            onClick={() => void saveNew()}
          >
            Save &amp; Explore
          </Button>
        ) : (
          <Button
            type="primary"
            danger={confirming}
            disabled={disabled}
            loading={saving}
            onClick={() => void overwrite()}
          >
            Overwrite &amp; Explore
          </Button>
        )}
      </Flex>
    </Flex>
  );

  return (
    <Modal
      open={open}
      title={
        <Flex align="center" gap={8}>
          <SaveOutlined />
          Save or Overwrite Dataset
        </Flex>
      }
      onCancel={saving ? undefined : onClose}
      mask={{ closable: !saving }}
      footer={footer}
      destroyOnHidden
      width={560}
    >
      {confirming && chosen ? (
        <div style={{ padding: '16px 0', textAlign: 'center' }}>
          <Typography.Paragraph strong style={{ marginBottom: 4 }}>
            Are you sure you want to overwrite this dataset?
          </Typography.Paragraph>
          <Typography.Text type="secondary">
            “{chosen.table_name}” will take this query&apos;s SQL and its {columns.length}{' '}
            {columns.length === 1 ? 'column' : 'columns'}.
          </Typography.Text>
        </div>
      ) : (
        <>
          <Typography.Paragraph type="secondary">
            Save this query as a virtual dataset to continue exploring
          </Typography.Paragraph>
          <Radio.Group
            value={mode}
            onChange={(e) => setMode(e.target.value as DatasetSaveMode)}
            style={{ display: 'flex', flexDirection: 'column', gap: 20, width: '100%' }}
          >
            <Flex vertical gap={8}>
              <Radio value="new">Save as new</Radio>
              <Input
                aria-label="Dataset name"
                placeholder="Dataset name"
                value={name}
                disabled={mode !== 'new'}
                maxLength={250}
                onChange={(e) => setName(e.target.value)}
                onPressEnter={() => {
                  if (!disabled && !saving) void saveNew();
                }}
                status={mode === 'new' && name.trim() === '' ? 'error' : undefined}
                style={{ maxWidth: 420 }}
              />
            </Flex>
            <Flex vertical gap={8}>
              <Radio value="overwrite">Overwrite existing</Radio>
              <Select<number>
                aria-label="Existing dataset"
                placeholder="Select or type dataset name"
                disabled={mode !== 'overwrite'}
                allowClear
                loading={owned.loading}
                value={chosen?.id}
                showSearch={{ onSearch: setSearch, filterOption: false, searchValue: search }}
                onChange={(id) => {
                  setChosen(owned.options.find((o) => o.id === id) ?? null);
                  setSearch('');
                }}
                onClear={() => setChosen(null)}
                options={(chosen && !owned.options.some((o) => o.id === chosen.id)
                  ? [chosen, ...owned.options]
                  : owned.options
                ).map((o) => ({
                  value: o.id,
                  label: o.table_name,
                  title: [o.database, o.schema].filter(Boolean).join(' · '),
                }))}
                optionRender={(option) => (
                  <Flex justify="space-between" gap={12}>
                    <span>{option.label}</span>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {option.data.title}
                    </Typography.Text>
                  </Flex>
                )}
                notFoundContent={
                  owned.loading
                    ? 'Loading…'
                    : owned.loadError ||
                      (user ? 'No datasets of yours match' : 'Log in to overwrite a dataset')
                }
                style={{ maxWidth: 420, width: '100%' }}
              />
            </Flex>
          </Radio.Group>
        </>
      )}
    </Modal>
  );
}
