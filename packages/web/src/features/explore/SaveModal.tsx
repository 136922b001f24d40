/** The save-chart modal: save as new or overwrite, the chart's name, and a dashboard to add it to. */
import { useEffect, useState } from 'react';
import { Button, Form, Input, Modal, Radio, Select } from 'antd';
import { risonEncode, type QueryFormData } from '@strata/core';
import { api, errorMessage } from '../../app/api';
import { useToasts } from '../../app/toasts';
import { saveChart, type SaveResult } from './saveChart';

interface DashboardOption {
  id: number;
  dashboard_title: string;
}

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

  useEffect(() => {
    if (!open) return;
    const q = risonEncode({
      columns: ['id', 'dashboard_title'],
      order_column: 'dashboard_title',
      order_direction: 'asc',
      page_size: 100,
    });
    api
      .get<{ result: DashboardOption[] }>(`/api/v1/dashboard/?q=${encodeURIComponent(q)}`)
      .then((r) => setDashboards(r.result))
      .catch(() => setDashboards([]));
  }, [open]);

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
      toasts.addDangerToast(errorMessage(e));
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
