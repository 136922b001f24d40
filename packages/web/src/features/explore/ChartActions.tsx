/**
 * The chart header's actions: the favourite star, and the "…" menu: Edit chart properties,
 * Download (CSV, Excel, image), Share (copy permalink, embed code, e-mail), View query and Drill
 * to detail (when the page allows it), and the chart's e-mail report (set up, or manage: active,
 * edit, delete) for users who may write reports.
 */
import { useState } from 'react';
import { Button, Dropdown, Form, Input, InputNumber, Modal, Typography } from 'antd';
import { EllipsisOutlined } from '@ant-design/icons';
import { MESSAGES, type QueryFormData } from '@strata/core';
import { chartRegistry } from '@strata/charts';
import { api, errorMessage } from '../../app/api';
import { useToasts } from '../../app/toasts';
import { FavoriteStar } from '../../components/ListView/FavoriteStar';
import type { OwnerOption } from '../datasets/datasetEdit';
import { OwnersSelect } from '../datasets/OwnersSelect';
import { TagsField } from '../tags/TagsSelect';
import { useObjectTags } from '../tags/useObjectTags';
import {
  chartPermalink,
  downloadChartData,
  embedCode,
  saveBlob,
  shareByEmailUrl,
} from './chartExports';
import { postChartData } from './chartData';
import type { ExploreSlice } from './types';
import { useHeaderReport } from '../reports/useHeaderReport';
import { useChartFavorite } from './useChartFavorite';
import type { DrillByMenu } from '../drillBy/useDrillBy';
import { CSS_VAR } from '@strata/core';
import { surfaceColorOf } from '../../app/theme/surfaceColor';

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

function PropertiesModal({
  slice,
  onClose,
  onSaved,
}: {
  slice: ExploreSlice;
  onClose: () => void;
  onSaved: (s: ExploreSlice) => void;
}) {
  const toasts = useToasts();
  const [values, setValues] = useState({
    slice_name: slice.slice_name,
    description: slice.description ?? '',
    cache_timeout: slice.cache_timeout ?? null,
    certified_by: slice.certified_by ?? '',
    certification_details: slice.certification_details ?? '',
  });
  const [owners, setOwners] = useState<OwnerOption[]>(() =>
    (slice.owners ?? []).map((o) =>
      typeof o === 'number'
        ? { value: o, label: String(o) }
        : {
            value: o.id,
            label: [o.first_name, o.last_name].filter(Boolean).join(' ') || String(o.id),
          },
    ),
  );
  const tags = useObjectTags('chart', slice.slice_id);
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    try {
      await api.put(`/api/v1/chart/${slice.slice_id}`, {
        ...values,
        description: values.description || null,
        certified_by: values.certified_by || null,
        certification_details: values.certification_details || null,
        owners: owners.map((o) => o.value),
      });
      await tags.save();
      toasts.addSuccessToast('Chart properties updated');
      onSaved({
        ...slice,
        ...values,
        owners: owners.map((o) => ({ id: o.value, first_name: o.label, last_name: '' })),
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
      title="Edit Chart Properties"
      onCancel={onClose}
      onOk={() => void save()}
      okText="Save"
      okButtonProps={{ loading: saving, disabled: !values.slice_name.trim() }}
    >
      <Form layout="vertical">
        <Form.Item label="Name" required>
          <Input
            aria-label="Name"
            value={values.slice_name}
            onChange={(e) => setValues({ ...values, slice_name: e.target.value })}
          />
        </Form.Item>
        <Form.Item label="Description">
          <Input.TextArea
            aria-label="Description"
            value={values.description}
            onChange={(e) => setValues({ ...values, description: e.target.value })}
          />
        </Form.Item>
        <Form.Item
          label="Cache timeout"
          extra="Duration (in seconds) of the caching timeout for this chart. Set to -1 to bypass the cache."
        >
          <InputNumber
            aria-label="Cache timeout"
            style={{ width: '100%' }}
            value={values.cache_timeout}
            onChange={(v) => setValues({ ...values, cache_timeout: v ?? null })}
          />
        </Form.Item>
        <Form.Item label="Owners" extra="Owners is a list of users who can alter the chart.">
          <OwnersSelect resource="chart" value={owners} onChange={setOwners} />
        </Form.Item>
        <TagsField tags={tags} />
        <Form.Item label="Certified by">
          <Input
            aria-label="Certified by"
            value={values.certified_by}
            onChange={(e) => setValues({ ...values, certified_by: e.target.value })}
          />
        </Form.Item>
        <Form.Item label="Certification details">
          <Input
            aria-label="Certification details"
            value={values.certification_details}
            onChange={(e) => setValues({ ...values, certification_details: e.target.value })}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function ChartActions({
  formData,
  slice,
  canEdit,
  canDownload = true,
  chartElement,
  onSliceChanged,
  onDrillToDetail,
  drillBy,
}: {
  formData: QueryFormData;
  slice: ExploreSlice | null;
  canEdit: boolean;
  /** The CSV export permission (spec 001 §6): without it the data downloads are disabled. */
  canDownload?: boolean;
  chartElement: () => HTMLElement | null;
  onSliceChanged: (s: ExploreSlice) => void;
  /** Opens "Drill to detail" (absent: the chart or the user cannot drill). */
  onDrillToDetail?: () => void;
  /** The "Drill by" submenu (absent: the chart or the user cannot drill by). */
  drillBy?: DrillByMenu | null;
}) {
  const toasts = useToasts();
  const { starred, toggle } = useChartFavorite(slice?.slice_id ?? null);
  const [query, setQuery] = useState<string | null>(null);
  const [embed, setEmbed] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const name = slice?.slice_name ?? 'untitled';
  const report = useHeaderReport({
    kind: 'chart',
    targetId: slice?.slice_id ?? null,
    targetName: slice?.slice_name,
    vizType: formData.viz_type,
  });

  const run = (fn: () => Promise<void>) =>
    void fn().catch((e: unknown) => toasts.addDangerToast(errorMessage(e)));
  const onMenu = (key: string) => {
    if (report.onMenuClick(key)) return;
    if (drillBy?.onClick(key)) return;
    if (key === 'edit') setEditing(true);
    if (key === 'drill') onDrillToDetail?.();
    if ((key === 'csv' || key === 'xlsx') && canDownload)
      run(() => downloadChartData(formData, key));
    if (key === 'png')
      run(async () => {
        const el = chartElement();
        if (!el) return;
        const { toBlob } = await import('html-to-image');
        const blob = await toBlob(el, { backgroundColor: surfaceColorOf(el) });
        if (blob) saveBlob(blob, `${name.replace(/[^A-Za-z0-9._-]+/g, '_')}.png`);
      });
    if (key === 'copy')
      run(async () => {
        const url = await chartPermalink(formData);
        if (await copyText(url)) toasts.addSuccessToast('Link Copied!');
        else toasts.addDangerToast('Sorry, your browser does not support copying.');
      });
    if (key === 'embed') run(async () => setEmbed(embedCode(await chartPermalink(formData))));
    if (key === 'email')
      run(async () =>
        window.location.assign(shareByEmailUrl(name, await chartPermalink(formData))),
      );
    if (key === 'query')
      run(async () => {
        const plugin = chartRegistry.get(formData.viz_type);
        if (!plugin) throw new Error(MESSAGES.vizTypeNotSupported);
        const ctx = plugin.buildQuery(formData, { resultType: 'query' });
        // Spec 000 §8: the chart's SQL could not be read.
        const res = await postChartData<{ query: string }>(ctx).catch(() => {
          throw new Error(MESSAGES.sqlLoadError);
        });
        setQuery(res.result.map((r) => r.query).join('\n\n'));
      });
  };
  return (
    <>
      {slice ? <FavoriteStar starred={starred} onToggle={toggle} /> : null}
      <Dropdown
        trigger={['click']}
        menu={{
          onClick: ({ key }) => onMenu(key),
          items: [
            { key: 'edit', label: 'Edit chart properties', disabled: !slice || !canEdit },
            ...report.items,
            {
              key: 'download',
              label: 'Download',
              children: [
                { key: 'csv', label: 'Export to .CSV', disabled: !canDownload },
                { key: 'xlsx', label: 'Export to Excel', disabled: !canDownload },
                { key: 'png', label: 'Download as image' },
              ],
            },
            {
              key: 'share',
              label: 'Share',
              children: [
                { key: 'copy', label: 'Copy permalink to clipboard' },
                { key: 'embed', label: 'Embed code' },
                { key: 'email', label: 'Share chart by email' },
              ],
            },
            { key: 'query', label: 'View query' },
            ...(onDrillToDetail ? [{ key: 'drill', label: 'Drill to detail' }] : []),
            ...(drillBy ? [drillBy.item] : []),
          ],
        }}
      >
        <Button
          icon={<EllipsisOutlined />}
          aria-label="More chart actions"
          data-test="chart-actions"
        />
      </Dropdown>
      {query !== null ? (
        <Modal open title="View query" footer={null} width={800} onCancel={() => setQuery(null)}>
          <Typography.Paragraph copyable={{ text: query }}>
            <pre
              style={{ maxHeight: 480, overflow: 'auto', background: CSS_VAR.layout, padding: 12 }}
              data-test="view-query"
            >
              {query}
            </pre>
          </Typography.Paragraph>
        </Modal>
      ) : null}
      {embed !== null ? (
        <Modal open title="Embed code" footer={null} onCancel={() => setEmbed(null)}>
          <Input.TextArea readOnly autoSize value={embed} style={{ fontFamily: 'monospace' }} />
          <Button
            style={{ marginTop: 8 }}
            onClick={() =>
              void copyText(embed).then((ok) =>
                ok
                  ? toasts.addSuccessToast('Link Copied!')
                  : toasts.addDangerToast('Sorry, your browser does not support copying.'),
              )
            }
          >
            Copy code
          </Button>
        </Modal>
      ) : null}
      {report.element}
      {editing && slice ? (
        <PropertiesModal
          slice={slice}
          onClose={() => setEditing(false)}
          onSaved={(s) => {
            setEditing(false);
            onSliceChanged(s);
          }}
        />
      ) : null}
    </>
  );
}
