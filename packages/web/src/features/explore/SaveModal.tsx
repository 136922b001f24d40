/** The save-chart modal: save as new or overwrite, the chart's name, and a dashboard to add it to. */
import { useEffect, useState } from 'react';
import { Alert, Button, Form, Input, Modal, Radio, Select } from 'antd';
import { formatMessage, MESSAGES, type QueryFormData } from '@strata/core';
import { api, serverMessageOr } from '../../app/api';
import { useCurrentUser } from '../../app/BootstrapContext';
import { useToasts } from '../../app/toasts';
import { dashboardsToSaveTo, saveChart, type DashboardOption, type SaveResult } from './saveChart';

const NEW_PREFIX = '__new__:';

export function SaveModal({
  open,
  onClose,
  onSaved,
  formData,
  slice,
  canOverwrite,
  defaultName,
}: {
  open: boolean;
  onClose: () => void;
  onSaved: (result: SaveResult, name: string, goToDashboard: boolean) => void;
  formData: QueryFormData;
  slice: { slice_id: number; slice_name: string; dashboards?: number[] } | null;
  canOverwrite: boolean;
  defaultName: string;
}) {
  const toasts = useToasts();
  const [action, setAction] = useState<'saveas' | 'overwrite'>(
    canOverwrite ? 'overwrite' : 'saveas',
  );
  const [name, setName] = useState(slice?.slice_name ?? defaultName);
  const [dashboard, setDashboard] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [dashboards, setDashboards] = useState<DashboardOption[]>([]);
  const [saving, setSaving] = useState(false);

  // Superset's save dialog alerts: the dashboards could not be listed, or the save failed.
  const [alert, setAlert] = useState<string | null>(null);
  const user = useCurrentUser();

  useEffect(() => {
    if (!open) return;
    dashboardsToSaveTo(api)
      .then(setDashboards)
      .catch(() => {
        setDashboards([]);
        setAlert(formatMessage(MESSAGES.fetchDashboardsFailed, user?.username ?? ''));
      });
  }, [open, user?.username]);

  const submit = async (goToDashboard: boolean) => {
    setSaving(true);
    try {
      const chosen = dashboard
        ? dashboard.startsWith(NEW_PREFIX)
          ? { newTitle: dashboard.slice(NEW_PREFIX.length) }
          : {
              id: Number(dashboard),
              title: dashboards.find((d) => String(d.id) === dashboard)?.dashboard_title ?? '',
            }
        : null;
      const result = await saveChart(api, {
        action,
        sliceId: slice?.slice_id ?? null,
        sliceName: name,
        formData,
        dashboard: chosen,
        currentDashboards: slice?.dashboards ?? [],
      });
      result.toasts.forEach((t) => toasts.addSuccessToast(t));
      onSaved(result, name.trim(), goToDashboard);
    } catch (e) {
      toasts.addDangerToast(serverMessageOr(e, MESSAGES.dashboardUnknownError));
      setAlert(MESSAGES.saveSliceFailed);
    } finally {
      setSaving(false);
    }
  };

  const options = [
    ...dashboards.map((d) => ({ value: String(d.id), label: d.dashboard_title })),
    ...(search.trim() && !dashboards.some((d) => d.dashboard_title === search.trim())
      ? [{ value: `${NEW_PREFIX}${search.trim()}`, label: `Create "${search.trim()}"` }]
      : []),
  ];
  const invalid = !name.trim();
  return (
    <Modal
      open={open}
      title="Save chart"
      onCancel={onClose}
      destroyOnHidden
      okText="Save"
      okButtonProps={{ disabled: invalid, loading: saving }}
      onOk={() => void submit(false)}
      footer={(_, { OkBtn, CancelBtn }) => (
        <>
          <CancelBtn />
          <Button disabled={invalid || saving || !dashboard} onClick={() => void submit(true)}>
            Save &amp; go to dashboard
          </Button>
          <OkBtn />
        </>
      )}
    >
      {alert ? (
        <Alert
          type="warning"
          showIcon
          closable
          onClose={() => setAlert(null)}
          message={alert}
          style={{ marginBottom: 16 }}
          data-test="save-modal-alert"
        />
      ) : null}
      <Form layout="vertical">
        <Form.Item>
          <Radio.Group
            value={action}
            onChange={(e) => setAction(e.target.value as 'saveas' | 'overwrite')}
          >
            <Radio value="overwrite" disabled={!canOverwrite}>
              Save (Overwrite)
            </Radio>
            <Radio value="saveas">Save as...</Radio>
          </Radio.Group>
        </Form.Item>
        <Form.Item label="Chart name" required>
          <Input
            aria-label="Chart name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            placeholder="Name"
          />
        </Form.Item>
        <Form.Item label="Add to dashboard">
          <Select
            aria-label="Add to dashboard"
            allowClear
            showSearch={{
              onSearch: setSearch,
              filterOption: (input, o) =>
                String(o?.label ?? '')
                  .toLowerCase()
                  .includes(input.toLowerCase()),
            }}
            placeholder="Select a dashboard or type a new name"
            value={dashboard}
            options={options}
            onChange={(v: string | undefined) => setDashboard(v ?? null)}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
