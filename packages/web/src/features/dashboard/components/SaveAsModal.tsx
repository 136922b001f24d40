/** "Save as": a copy of the dashboard (POST /api/v1/dashboard/{id}/copy/), charts copied or shared. */
import { useState } from 'react';
import { Checkbox, Form, Input, Modal } from 'antd';
import type { DashboardLayout } from '@strata/core';
import { api, errorMessage } from '../../../app/api';
import { useToasts } from '../../../app/toasts';
import { toPositionData } from '../layout';
import type { DashboardMetadata } from '../metadata';

export function SaveAsModal({
  dashboardId,
  title,
  layout,
  metadata,
  css,
  onClose,
  onCopied,
}: {
  dashboardId: number;
  title: string;
  layout: DashboardLayout;
  metadata: DashboardMetadata;
  css: string;
  onClose: () => void;
  onCopied: (id: number) => void;
}) {
  const toasts = useToasts();
  const [name, setName] = useState(`${title} [copy]`);
  const [duplicate, setDuplicate] = useState(false);
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    try {
      const res = await api.post<{ result: { id: number } }>(
        `/api/v1/dashboard/${dashboardId}/copy/`,
        {
          dashboard_title: name,
          css,
          duplicate_slices: duplicate,
          json_metadata: JSON.stringify({ ...metadata, positions: toPositionData(layout) }),
        },
      );
      toasts.addSuccessToast('This dashboard was saved successfully.');
      onCopied(res.result.id);
    } catch (e) {
      toasts.addDangerToast(errorMessage(e));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title="Save dashboard"
      onCancel={onClose}
      onOk={() => void save()}
      okText="Save"
      okButtonProps={{ loading: saving, disabled: !name.trim() }}
    >
      <Form layout="vertical" data-test="dashboard-save-as">
        <Form.Item label="New dashboard name">
          <Input
            aria-label="New dashboard name"
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        </Form.Item>
        <Checkbox checked={duplicate} onChange={(e) => setDuplicate(e.target.checked)}>
          Also copy the charts
        </Checkbox>
      </Form>
    </Modal>
  );
}
