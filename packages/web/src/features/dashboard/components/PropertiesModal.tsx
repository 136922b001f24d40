/**
 * Dashboard properties: title, slug (unique on the server), owners, roles (with role-based
 * access), certification, colour scheme, and the JSON metadata (validated as JSON before it is
 * sent; the server checks its keys). Saved with PUT /api/v1/dashboard/{id}.
 */
import { useState } from 'react';
import { Alert, Form, Input, Modal, Select } from 'antd';
import { CATEGORICAL_SCHEMES } from '@strata/charts';
import { api, errorMessage } from '../../../app/api';
import { useBootstrap } from '../../../app/BootstrapContext';
import { useToasts } from '../../../app/toasts';
import { OwnersSelect } from '../../datasets/OwnersSelect';
import type { OwnerOption } from '../../datasets/datasetEdit';
import { TagsField } from '../../tags/TagsSelect';
import { useObjectTags } from '../../tags/useObjectTags';
import type { DashboardMetadata } from '../metadata';
import type { DashboardInfo } from '../types';

export interface SavedProperties {
  dashboard: Partial<DashboardInfo>;
  metadata: Record<string, unknown>;
}

/** The JSON metadata text, or the parse error. */
export function parseJsonMetadata(
  text: string,
): { value: Record<string, unknown> } | { error: string } {
  try {
    const v: unknown = text.trim() ? JSON.parse(text) : {};
    if (!v || typeof v !== 'object' || Array.isArray(v))
      return { error: 'The JSON metadata must be an object' };
    return { value: v as Record<string, unknown> };
  } catch (e) {
    return { error: `Invalid JSON: ${(e as Error).message}` };
  }
}

export function PropertiesModal({
  dashboard,
  metadata,
  onClose,
  onSaved,
}: {
  dashboard: DashboardInfo;
  metadata: DashboardMetadata;
  onClose: () => void;
  onSaved: (saved: SavedProperties) => void;
}) {
  const toasts = useToasts();
  const [title, setTitle] = useState(dashboard.dashboard_title);
  const [slug, setSlug] = useState(dashboard.slug ?? '');
  const [certifiedBy, setCertifiedBy] = useState(dashboard.certified_by ?? '');
  const [details, setDetails] = useState(dashboard.certification_details ?? '');
  const [owners, setOwners] = useState<OwnerOption[]>(() =>
    dashboard.owners.map((o) => ({
      value: o.id,
      label: [o.first_name, o.last_name].filter(Boolean).join(' ') || o.username || String(o.id),
    })),
  );
  const rbac = useBootstrap().common.feature_flags.DASHBOARD_RBAC === true;
  const [roles, setRoles] = useState<OwnerOption[]>(() =>
    (dashboard.roles ?? []).map((r) => ({ value: r.id, label: r.name })),
  );
  const tags = useObjectTags('dashboard', dashboard.id);
  const [json, setJson] = useState(() => JSON.stringify(metadata, null, 2));
  const [saving, setSaving] = useState(false);
  const parsed = parseJsonMetadata(json);
  const scheme = 'value' in parsed ? (parsed.value.color_scheme as string | undefined) : undefined;
  const setScheme = (v: string | undefined) => {
    if (!('value' in parsed)) return;
    const next = { ...parsed.value };
    if (v) next.color_scheme = v;
    else delete next.color_scheme;
    setJson(JSON.stringify(next, null, 2));
  };
  const save = async () => {
    if (!('value' in parsed)) return;
    setSaving(true);
    try {
      const body = {
        dashboard_title: title,
        slug: slug.trim() || null,
        owners: owners.map((o) => o.value),
        ...(rbac ? { roles: roles.map((r) => r.value) } : {}),
        certified_by: certifiedBy.trim() || null,
        certification_details: details.trim() || null,
        json_metadata: JSON.stringify(parsed.value),
      };
      await api.put(`/api/v1/dashboard/${dashboard.id}`, body);
      await tags.save();
      toasts.addSuccessToast('The dashboard has been saved');
      onSaved({
        dashboard: {
          dashboard_title: title,
          slug: body.slug,
          certified_by: body.certified_by,
          certification_details: body.certification_details,
          owners: owners.map((o) => ({ id: o.value, first_name: o.label, last_name: '' })),
          ...(rbac ? { roles: roles.map((r) => ({ id: r.value, name: r.label })) } : {}),
          json_metadata: body.json_metadata,
        },
        metadata: parsed.value,
      });
    } catch (e) {
      toasts.addDangerToast(errorMessage(e));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title="Dashboard properties"
      width={640}
      onCancel={onClose}
      onOk={() => void save()}
      okText="Apply"
      okButtonProps={{ loading: saving, disabled: !('value' in parsed) }}
      destroyOnHidden
    >
      <Form layout="vertical" data-test="dashboard-properties">
        <Form.Item label="Name">
          <Input aria-label="Name" value={title} onChange={(e) => setTitle(e.target.value)} />
        </Form.Item>
        <Form.Item label="URL slug" tooltip="A readable URL for your dashboard">
          <Input aria-label="URL slug" value={slug} onChange={(e) => setSlug(e.target.value)} />
        </Form.Item>
        <Form.Item label="Owners" tooltip="Owners is a list of users who can alter the dashboard.">
          <OwnersSelect resource="dashboard" value={owners} onChange={setOwners} />
        </Form.Item>
        <TagsField tags={tags} />
        {rbac ? (
          <Form.Item
            label="Roles"
            tooltip="Roles is a list which defines access to the dashboard. Granting a role access to a dashboard will bypass dataset level checks. If no roles are defined, regular access permissions apply."
          >
            <OwnersSelect
              resource="dashboard"
              column="roles"
              placeholder="Select roles"
              value={roles}
              onChange={setRoles}
            />
          </Form.Item>
        ) : null}
        <Form.Item label="Certified by">
          <Input
            aria-label="Certified by"
            value={certifiedBy}
            onChange={(e) => setCertifiedBy(e.target.value)}
          />
        </Form.Item>
        <Form.Item label="Certification details">
          <Input
            aria-label="Certification details"
            value={details}
            onChange={(e) => setDetails(e.target.value)}
          />
        </Form.Item>
        <Form.Item label="Color scheme">
          <Select
            allowClear
            aria-label="Color scheme"
            placeholder="The charts' own schemes"
            value={scheme ?? null}
            options={CATEGORICAL_SCHEMES.map((s) => ({ value: s.id, label: s.label }))}
            onChange={(v: string | undefined) => setScheme(v)}
          />
        </Form.Item>
        <Form.Item
          label="JSON metadata"
          validateStatus={'error' in parsed ? 'error' : undefined}
          help={'error' in parsed ? parsed.error : undefined}
        >
          <Input.TextArea
            aria-label="JSON metadata"
            value={json}
            onChange={(e) => setJson(e.target.value)}
            autoSize={{ minRows: 6, maxRows: 16 }}
            style={{ fontFamily: 'monospace', fontSize: 12 }}
          />
        </Form.Item>
        <Alert
          type="info"
          showIcon
          message="The colour scheme and metadata apply to every chart of the dashboard."
        />
      </Form>
    </Modal>
  );
}
