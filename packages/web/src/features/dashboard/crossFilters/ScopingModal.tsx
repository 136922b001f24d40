/**
 * "Cross-filtering scoping" (Superset's ScopingModal): on the left, "All charts/global scoping"
 * and each chart with a custom scope ("Add custom scoping" adds one); on the right, the chosen
 * scope's chart (for a custom one) and the tree of tabs and charts it applies to. Saved into the
 * dashboard's json_metadata by the page.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { Alert, Button, Divider, Flex, Modal, Select, Tree, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { DashboardLayout } from '@strata/core';
import {
  buildScopeTree,
  checkedKeysFromScope,
  scopeFromCheckedKeys,
  scopeTreeKeys,
  type ScopeTreeNode,
} from '../filterConfig/filterConfigEdits';
import type { ChartConfiguration, GlobalChartConfiguration } from './scoping';
import {
  addCustomScoping,
  chartsForCustomScoping,
  chooseChart,
  currentScope,
  customScopedCharts,
  NEW_SCOPING_ID,
  openScoping,
  removeCustomScoping,
  savedScoping,
  updateScope,
  type ScopingDraft,
} from './scopingEdits';
import type { SavedScoping } from './scopingApi';

/** Superset's texts. */
export const SCOPING_TEXTS = {
  title: 'Cross-filtering scoping',
  menuItem: 'Cross-filtering scoping',
  addCustom: 'Add custom scoping',
  global: 'All charts/global scoping',
  newCustom: '[new custom scoping]',
  chart: 'Chart',
  selectChart: 'Select chart',
  allCharts: 'All charts',
  save: 'Save',
  disabled: 'Cross-filtering is not enabled in this dashboard',
  chartInfo:
    'Select the charts to which you want to apply cross-filters when interacting with this chart. You can select "All charts" to apply filters to all charts that use the same dataset or contain the same column name in the dashboard.',
  globalInfo:
    'Select the charts to which you want to apply cross-filters in this dashboard. Deselecting a chart will exclude it from being filtered when applying cross-filters from any chart on the dashboard. You can select "All charts" to apply cross-filters to all charts that use the same dataset or contain the same column name in the dashboard.',
} as const;

export interface ScopingModalProps {
  layout: DashboardLayout;
  /** The configuration as the page computed it (crossFiltersConfiguration). */
  chartConfiguration: ChartConfiguration;
  globalChartConfiguration: GlobalChartConfiguration;
  /** The charts that can emit cross filters, in layout order. */
  emitters: readonly number[];
  chartNames: Readonly<Record<number, string>>;
  /** Opened from a chart's menu: that chart; from the filter bar: undefined (global). */
  initialChartId: number | undefined;
  crossFiltersEnabled: boolean;
  onSave: (saved: SavedScoping) => Promise<void>;
  onClose: () => void;
}

interface AntNode {
  key: string;
  title: ReactNode;
  disableCheckbox?: boolean;
  children: AntNode[];
}

function ListEntry(props: {
  active: boolean;
  label: string;
  onClick: () => void;
  onRemove?: () => void;
}) {
  return (
    <Flex
      align="center"
      gap={8}
      style={{
        padding: '2px 0 2px 8px',
        borderRadius: 4,
        background: props.active ? '#e6f4ff' : undefined,
        minHeight: 32,
      }}
      data-test="scoping-list-entry"
      data-active={props.active}
    >
      <Typography.Text
        ellipsis
        role="button"
        tabIndex={0}
        aria-pressed={props.active}
        onClick={props.onClick}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === ' ') {
            e.preventDefault();
            props.onClick();
          }
        }}
        style={{
          flex: 1,
          minWidth: 0,
          cursor: 'pointer',
          fontWeight: props.active ? 600 : undefined,
        }}
      >
        {props.label}
      </Typography.Text>
      {props.onRemove ? (
        <Button
          type="text"
          size="small"
          icon={<DeleteOutlined />}
          aria-label={`Remove ${props.label}`}
          onClick={props.onRemove}
        />
      ) : null}
    </Flex>
  );
}

export function ScopingModal(props: ScopingModalProps) {
  const { layout, chartNames, emitters } = props;
  const [draft, setDraft] = useState<ScopingDraft>(() =>
    openScoping(
      props.chartConfiguration,
      props.globalChartConfiguration,
      props.initialChartId,
      layout,
    ),
  );
  const [saving, setSaving] = useState(false);
  const tree = useMemo(
    () => buildScopeTree(layout, chartNames, SCOPING_TEXTS.allCharts),
    [layout, chartNames],
  );
  const expanded = useMemo(() => scopeTreeKeys(tree), [tree]);
  const scope = currentScope(draft);
  const checkedKeys = useMemo(() => checkedKeysFromScope(scope, layout), [scope, layout]);
  const current = draft.current;
  const treeData = useMemo(() => {
    const toAnt = (node: ScopeTreeNode): AntNode => ({
      key: node.key,
      title: node.title,
      // A chart never filters itself: its own box stays unchecked.
      ...(node.kind === 'CHART' && node.chartId !== undefined && node.chartId === current
        ? { disableCheckbox: true }
        : {}),
      children: node.children.map(toAnt),
    });
    return [toAnt(tree)];
  }, [tree, current]);
  const nameOf = (id: number) => chartNames[id] || String(id);
  const custom = customScopedCharts(draft);
  const hasNew = !!draft.chartConfiguration[String(NEW_SCOPING_ID)];
  const choices = chartsForCustomScoping(draft, emitters);

  const save = async () => {
    setSaving(true);
    try {
      await props.onSave(savedScoping(draft));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={SCOPING_TEXTS.title}
      okText={SCOPING_TEXTS.save}
      onOk={() => void save()}
      okButtonProps={{ loading: saving }}
      onCancel={props.onClose}
      width={880}
      destroyOnHidden
      styles={{ body: { padding: 0 } }}
    >
      <Flex style={{ height: 520 }} data-test="cross-filter-scoping-modal">
        <div
          style={{
            width: '35%',
            borderRight: '1px solid #f0f0f0',
            padding: '8px 12px 8px 0',
            overflow: 'auto',
          }}
          data-test="scoping-list-panel"
        >
          <Button
            type="link"
            size="small"
            icon={<PlusOutlined />}
            onClick={() => setDraft((d) => addCustomScoping(d))}
            style={{ paddingInline: 0, marginBottom: 8 }}
          >
            {SCOPING_TEXTS.addCustom}
          </Button>
          <ListEntry
            active={current === undefined}
            label={SCOPING_TEXTS.global}
            onClick={() => setDraft((d) => ({ ...d, current: undefined }))}
          />
          <Divider style={{ margin: '12px 0' }} />
          {custom.map((id) => (
            <ListEntry
              key={id}
              active={current === id}
              label={nameOf(id)}
              onClick={() => setDraft((d) => ({ ...d, current: id }))}
              onRemove={() => setDraft((d) => removeCustomScoping(d, id, layout))}
            />
          ))}
          {hasNew ? (
            <ListEntry
              active={current === NEW_SCOPING_ID}
              label={SCOPING_TEXTS.newCustom}
              onClick={() => setDraft((d) => ({ ...d, current: NEW_SCOPING_ID }))}
              onRemove={() => setDraft((d) => removeCustomScoping(d, NEW_SCOPING_ID, layout))}
            />
          ) : null}
        </div>
        <div style={{ flex: 1, minWidth: 0, padding: '8px 0 8px 16px', overflow: 'auto' }}>
          {!props.crossFiltersEnabled ? (
            <Alert
              type="info"
              message={<strong>{SCOPING_TEXTS.disabled}</strong>}
              style={{ marginBottom: 16 }}
            />
          ) : null}
          {current !== undefined ? (
            <div style={{ marginBottom: 16 }}>
              <Typography.Text>{SCOPING_TEXTS.chart} *</Typography.Text>
              <Select
                aria-label={SCOPING_TEXTS.selectChart}
                placeholder={SCOPING_TEXTS.selectChart}
                style={{ width: '100%', marginTop: 4 }}
                value={current === NEW_SCOPING_ID ? undefined : current}
                options={choices.map((id) => ({ value: id, label: nameOf(id) }))}
                onChange={(id: number) => setDraft((d) => chooseChart(d, id, layout))}
                data-test="scoping-chart-select"
              />
            </div>
          ) : null}
          <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
            {current === undefined ? SCOPING_TEXTS.globalInfo : SCOPING_TEXTS.chartInfo}
          </Typography.Paragraph>
          <Tree
            checkable
            selectable={false}
            defaultExpandedKeys={expanded}
            checkedKeys={checkedKeys}
            treeData={treeData}
            onCheck={(checked) => {
              const keys = Array.isArray(checked) ? checked : checked.checked;
              setDraft((d) =>
                updateScope(d, scopeFromCheckedKeys(keys.map(String), layout), layout),
              );
            }}
            data-test="scoping-tree"
          />
        </div>
      </Flex>
    </Modal>
  );
}

export default ScopingModal;
