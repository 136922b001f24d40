/**
 * The filter bar's saved filter sets: pick a set to apply its values (Apply filters is not
 * needed: a set is a whole, saved state), save the current values as a new set (shared with
 * everyone who sees the dashboard when the user may edit it, else kept for themselves), update
 * or delete the chosen set when the user may change it.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Checkbox, Flex, Input, Popconfirm, Select, Space, Typography } from 'antd';
import type { DataMask } from '@strata/charts';
import { api, errorMessage } from '../../../app/api';
import { useToasts } from '../../../app/toasts';
import type { NativeFilter } from '../nativeFilters';
import {
  filterSetMetadata,
  masksFromFilterSet,
  matchingFilterSet,
  type FilterSet,
} from './filterSets';

export interface FilterSetsPanelProps {
  dashboardId: number;
  filters: NativeFilter[];
  appliedMasks: Record<string, DataMask>;
  /** The user may edit the dashboard (and so share sets with its viewers). */
  canEditDashboard: boolean;
  userId: number | null;
  onApply: (masks: Record<string, DataMask>) => void;
  /** In the horizontal bar: one row (select, then the actions). */
  inline?: boolean;
}

export function FilterSetsPanel(props: FilterSetsPanelProps) {
  const { dashboardId, filters, appliedMasks, canEditDashboard, userId, onApply, inline } = props;
  const toasts = useToasts();
  const [sets, setSets] = useState<FilterSet[] | null>(null);
  /** The name form: a new set from the current values, or a new name for the chosen set. */
  const [saving, setSaving] = useState<{
    name: string;
    shared: boolean;
    rename?: number;
  } | null>(null);
  /** The set last picked (it stays chosen when the values are changed afterwards). */
  const [chosen, setChosen] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const base = `/api/v1/dashboard/${dashboardId}/filtersets`;

  const reload = useCallback(async () => {
    try {
      const res = await api.get<{ result: FilterSet[] }>(base);
      setSets(res.result);
    } catch (e) {
      setSets([]);
      toasts.addDangerToast(errorMessage(e));
    }
  }, [base, toasts]);
  useEffect(() => {
    void reload();
  }, [reload]);

  const current = useMemo(
    () => (sets ? matchingFilterSet(sets, filters, appliedMasks) : null),
    [sets, filters, appliedMasks],
  );
  const mayChange = (s: FilterSet) =>
    s.owner_type === 'Dashboard' ? canEditDashboard : s.owner_id === userId;
  /** The set shown: the one whose values apply, else the one picked, marked as changed since. */
  const shown = current ?? sets?.find((s) => s.id === chosen) ?? null;
  const modified = shown !== null && current === null;

  const apply = (id: number) => {
    const set = sets?.find((s) => s.id === id);
    if (!set) return;
    const { masks, missing } = masksFromFilterSet(set, filters);
    setChosen(id);
    onApply(masks);
    if (missing.length)
      toasts.addWarningToast(
        `This filter set holds ${missing.length} filter(s) the dashboard no longer has; they were left out.`,
      );
  };

  const run = async (work: () => Promise<void>, done: string) => {
    setBusy(true);
    try {
      await work();
      toasts.addSuccessToast(done);
      await reload();
    } catch (e) {
      toasts.addDangerToast(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  const save = () => {
    if (!saving || !saving.name.trim()) return;
    const { rename } = saving;
    if (rename !== undefined) {
      void run(async () => {
        await api.put(`${base}/${rename}`, { name: saving.name.trim() });
        setSaving(null);
      }, 'Filter set renamed');
      return;
    }
    const shared = canEditDashboard && saving.shared;
    void run(async () => {
      await api.post(base, {
        name: saving.name.trim(),
        owner_type: shared ? 'Dashboard' : 'User',
        ...(shared ? { owner_id: dashboardId } : userId !== null ? { owner_id: userId } : {}),
        json_metadata: filterSetMetadata(filters, appliedMasks),
      });
      setSaving(null);
    }, 'Filter set saved');
  };

  return (
    <Flex
      data-test="filter-sets"
      vertical={!inline}
      align={inline ? 'center' : undefined}
      gap={inline ? 8 : 0}
      wrap={inline}
      style={{ padding: inline ? 0 : '8px 0' }}
    >
      {inline ? null : (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          Filter sets
        </Typography.Text>
      )}
      <Select
        style={inline ? { width: 200 } : { width: '100%', marginTop: 4 }}
        size="small"
        placeholder={sets && sets.length === 0 ? 'No filter sets yet' : 'Select a filter set'}
        loading={sets === null}
        value={shown?.id ?? null}
        onChange={(id: number) => apply(id)}
        options={(sets ?? []).map((s) => ({
          value: s.id,
          label:
            (s.owner_type === 'User' ? `${s.name} (only you)` : s.name) +
            (modified && s.id === shown?.id ? ' (changed)' : ''),
        }))}
        aria-label="Filter sets"
        notFoundContent="No filter sets yet"
      />
      {saving ? (
        <Flex vertical={!inline} gap={6} style={inline ? undefined : { marginTop: 8 }}>
          <Input
            size="small"
            autoFocus
            placeholder="Name of the filter set"
            aria-label="Filter set name"
            maxLength={500}
            value={saving.name}
            onChange={(e) => setSaving({ ...saving, name: e.target.value })}
            onPressEnter={save}
          />
          {canEditDashboard && saving.rename === undefined ? (
            <Checkbox
              checked={saving.shared}
              onChange={(e) => setSaving({ ...saving, shared: e.target.checked })}
            >
              Share with everyone who sees this dashboard
            </Checkbox>
          ) : null}
          <Space>
            <Button
              size="small"
              type="primary"
              onClick={save}
              loading={busy}
              disabled={!saving.name.trim()}
            >
              Save
            </Button>
            <Button size="small" onClick={() => setSaving(null)}>
              Cancel
            </Button>
          </Space>
        </Flex>
      ) : (
        <Space size={4} wrap style={inline ? undefined : { marginTop: 6 }}>
          <Button
            size="small"
            type="link"
            style={{ paddingInline: 0 }}
            onClick={() => setSaving({ name: '', shared: canEditDashboard })}
          >
            Save current filters as a set
          </Button>
          {shown && modified && mayChange(shown) ? (
            <Button
              size="small"
              type="link"
              style={{ paddingInline: 0 }}
              onClick={() =>
                void run(async () => {
                  await api.put(`${base}/${shown.id}`, {
                    json_metadata: filterSetMetadata(filters, appliedMasks),
                  });
                }, 'Filter set updated')
              }
            >
              Update set
            </Button>
          ) : null}
          {shown && mayChange(shown) ? (
            <Button
              size="small"
              type="link"
              style={{ paddingInline: 0 }}
              onClick={() => setSaving({ name: shown.name, shared: false, rename: shown.id })}
            >
              Rename
            </Button>
          ) : null}
          {shown && mayChange(shown) ? (
            <Popconfirm
              title={`Delete the filter set "${shown.name}"?`}
              okText="Delete"
              okButtonProps={{ danger: true }}
              onConfirm={() =>
                run(async () => {
                  await api.delete(`${base}/${shown.id}`);
                  setChosen(null);
                }, `Deleted: ${shown.name}`)
              }
            >
              <Button size="small" type="link" danger style={{ paddingInline: 0 }}>
                Delete set
              </Button>
            </Popconfirm>
          ) : null}
        </Space>
      )}
    </Flex>
  );
}
