/**
 * The dashboard's native filter bar (Superset's "Filters" panel): each filter's control and each
 * divider in configuration order, the filters whose charts are all elsewhere under "Filters out of
 * scope (n)", and "Apply filters" / "Clear all". Changes stay pending until applied; "Apply
 * filters" sends only the masks that changed and is disabled while nothing changed, a range is
 * invalid or a required filter is empty. Vertical (260 px, collapsible to a 32 px rail) or
 * horizontal (one wrapping row under the header).
 *
 * Pending masks are kept as edits over the applied ones: an edit is dropped as soon as the applied
 * mask it was made over changes (applied here, or from outside: a permalink, a filter set), so the
 * bar follows the applied state for every filter the viewer has not changed since.
 */
import { useEffect, useMemo, useState } from 'react';
import { Button, Collapse, Flex, Tooltip, Typography } from 'antd';
import { InfoCircleOutlined, PlusOutlined, VerticalAlignTopOutlined } from '@ant-design/icons';
import type { ChartDataResult, DataMask, ExploreDatasource, QueryContext } from '@strata/charts';
import { DIVIDER_TYPE, NATIVE_FILTER_TYPE, type NativeFilter } from '../nativeFilters';
import { filterDatasourceKey } from './choicesQuery';
import { ControlError } from './ControlError';
import { FilterBarFrame } from './FilterBarRail';
import { FilterControl } from './FilterControl';
import { BORDER, HORIZONTAL_CONTROL_WIDTH, TEXTS } from './texts';
import {
  applyState,
  canClearAll,
  cascadeAncestors,
  emptyMask,
  isRequired,
  masksEqual,
  REQUIRED_FILTER_MESSAGE,
  selectSettings,
  validateRequired,
} from './filterMasks';
import { CSS_VAR } from '@strata/core';

export interface FilterBarProps {
  filters: NativeFilter[]; // in configuration order (dividers included)
  appliedMasks: Record<string, DataMask>; // by filter id (other keys may be cross filters: ignore them)
  datasources: Record<string, ExploreDatasource>; // key `${datasetId}__table`
  outOfScopeIds: ReadonlySet<string>;
  orientation: 'VERTICAL' | 'HORIZONTAL';
  canEdit: boolean;
  collapsed: boolean;
  onCollapsedChange: (collapsed: boolean) => void;
  onApply: (masks: Record<string, DataMask>) => void; // only the native filter masks that changed
  onOpenConfig: () => void;
  queryData: (ctx: QueryContext) => Promise<ChartDataResult[]>;
  /** Extra content under the title (the lead puts filter sets there). */
  extra?: React.ReactNode;
  /** The settings menu (editors), beside the title. */
  settings?: React.ReactNode;
}

/** A pending edit, with the applied mask it was made over. */
interface Edit {
  mask: DataMask;
  base: DataMask | undefined;
}

/** The datasource of a filter's target: by dataset id, else by a `uuid` the datasource carries. */
function datasourceOf(
  filter: NativeFilter,
  datasources: Record<string, ExploreDatasource>,
): ExploreDatasource | undefined {
  const key = filterDatasourceKey(filter);
  if (key && datasources[key]) return datasources[key];
  const uuid = filter.targets[0]?.datasetUuid;
  if (!uuid) return undefined;
  return Object.values(datasources).find((d) => (d as { uuid?: unknown }).uuid === uuid);
}

/** A filter whose target names only a dataset uuid gets the id of the datasource found for it. */
function withDatasetId(filter: NativeFilter, datasource: ExploreDatasource | undefined) {
  const target = filter.targets[0];
  if (!datasource || !target || target.datasetId !== undefined) return filter;
  return {
    ...filter,
    targets: [{ ...target, datasetId: datasource.id }, ...filter.targets.slice(1)],
  };
}

function FilterLabel({ filter }: { filter: NativeFilter }) {
  const description = filter.description?.trim();
  return (
    <Flex align="center" gap={4} style={{ minWidth: 0 }}>
      <Typography.Text
        strong
        ellipsis={{ tooltip: filter.name }}
        style={{ fontSize: 12 }}
        id={`filter-name-${filter.id}`}
        data-test="filter-control-name"
      >
        {filter.name}
      </Typography.Text>
      {isRequired(filter) ? (
        <Typography.Text type="danger" style={{ fontSize: 12 }} aria-label="required">
          *
        </Typography.Text>
      ) : null}
      {description ? (
        <Tooltip title={description} placement="right">
          <InfoCircleOutlined
            role="img"
            tabIndex={0}
            aria-label={description}
            style={{ fontSize: 12, color: CSS_VAR.textTertiary }}
            data-test="filter-description"
          />
        </Tooltip>
      ) : null}
    </Flex>
  );
}

function DividerItem({ divider, horizontal }: { divider: NativeFilter; horizontal: boolean }) {
  return (
    <div
      data-test="filter-bar__divider"
      style={
        horizontal
          ? { borderLeft: BORDER, paddingLeft: 12, maxWidth: HORIZONTAL_CONTROL_WIDTH }
          : { borderTop: BORDER, paddingTop: 8 }
      }
    >
      <Typography.Text strong ellipsis={{ tooltip: divider.name }} style={{ display: 'block' }}>
        {divider.name}
      </Typography.Text>
      {divider.description ? (
        <Typography.Paragraph
          type="secondary"
          style={{ fontSize: 12, margin: 0 }}
          ellipsis={{ rows: 3, tooltip: divider.description }}
        >
          {divider.description}
        </Typography.Paragraph>
      ) : null}
    </div>
  );
}

export function FilterBar(props: FilterBarProps): React.JSX.Element {
  const {
    filters,
    appliedMasks,
    datasources,
    outOfScopeIds,
    orientation,
    canEdit,
    collapsed,
    onCollapsedChange,
    onApply,
    onOpenConfig,
    queryData,
    extra,
    settings,
  } = props;
  const horizontal = orientation === 'HORIZONTAL';
  const [edits, setEdits] = useState<Readonly<Record<string, Edit>>>({});

  const native = useMemo(() => filters.filter((f) => f.type === NATIVE_FILTER_TYPE), [filters]);
  /** Each native filter's pending mask: the viewer's edit while its base is still applied. */
  const pending = useMemo(() => {
    const out: Record<string, DataMask | undefined> = {};
    for (const f of native) {
      const edit = edits[f.id];
      const applied = appliedMasks[f.id];
      out[f.id] = edit && masksEqual(edit.base, applied) ? edit.mask : applied;
    }
    return out;
  }, [native, edits, appliedMasks]);

  // Edits made over an applied mask that has since changed are dropped for good: they must not
  // come back when the applied mask returns to that value (a filter set applied after Clear all).
  useEffect(() => {
    setEdits((prev) => {
      const stale = Object.keys(prev).filter((id) => !masksEqual(prev[id]!.base, appliedMasks[id]));
      if (stale.length === 0) return prev;
      const next = { ...prev };
      for (const id of stale) delete next[id];
      return next;
    });
  }, [appliedMasks]);

  const apply = applyState(filters, appliedMasks, pending, outOfScopeIds);
  const missing = new Set(
    validateRequired(
      native.filter((f) => !outOfScopeIds.has(f.id)),
      pending,
    ),
  );
  const clearable = canClearAll(filters, appliedMasks, pending);

  const change = (filter: NativeFilter, mask: DataMask) => {
    const before = pending[filter.id];
    setEdits((prev) => ({ ...prev, [filter.id]: { mask, base: appliedMasks[filter.id] } }));
    // Superset: a filter that must have a value from the start (its first value chosen by
    // default) is applied as soon as it gets its first value.
    const first = before?.filterState?.value === undefined && mask.filterState?.value !== undefined;
    const instant = filter.requiredFirst === true || selectSettings(filter).defaultToFirstItem;
    if (first && instant && mask.filterState?.value !== null) onApply({ [filter.id]: mask });
  };
  const applyAll = () => {
    if (apply.disabled) return;
    onApply(apply.changed);
    setEdits({});
  };
  const clearAll = () =>
    setEdits(
      Object.fromEntries(
        native.map((f) => [f.id, { mask: emptyMask(), base: appliedMasks[f.id] }] as const),
      ),
    );

  const renderFilter = (filter: NativeFilter) => {
    if (filter.type === DIVIDER_TYPE)
      return <DividerItem key={filter.id} divider={filter} horizontal={horizontal} />;
    const datasource = datasourceOf(filter, datasources);
    const parentMasks = cascadeAncestors(filter, filters)
      .map((id) => pending[id])
      .filter((m): m is DataMask => m !== undefined);
    const control = (
      <FilterControl
        filter={withDatasetId(filter, datasource)}
        datasource={datasource}
        mask={pending[filter.id]}
        parentMasks={parentMasks}
        onChange={(mask) => change(filter, mask)}
        queryData={queryData}
      />
    );
    const required = missing.has(filter.id) ? (
      <ControlError message={REQUIRED_FILTER_MESSAGE} />
    ) : null;
    return horizontal ? (
      <Flex
        key={filter.id}
        align="center"
        gap={8}
        data-test="filter-bar__filter"
        data-filter-id={filter.id}
      >
        <div style={{ maxWidth: 120 }}>
          <FilterLabel filter={filter} />
        </div>
        <div style={{ width: HORIZONTAL_CONTROL_WIDTH }}>
          {control}
          {required}
        </div>
      </Flex>
    ) : (
      <div key={filter.id} data-test="filter-bar__filter" data-filter-id={filter.id}>
        <FilterLabel filter={filter} />
        <div style={{ marginTop: 4 }}>{control}</div>
        {required}
      </div>
    );
  };

  const inScope = filters.filter((f) => !outOfScopeIds.has(f.id));
  const outOfScope = native.filter((f) => outOfScopeIds.has(f.id));
  const hasFilters = filters.length > 0;

  const addButton = canEdit ? (
    <Button
      type="link"
      size="small"
      icon={<PlusOutlined />}
      onClick={onOpenConfig}
      data-test="filter-bar__create-filter"
      style={{ paddingInline: 0 }}
    >
      {TEXTS.addOrEdit}
    </Button>
  ) : null;
  const actions = hasFilters ? (
    <Flex
      vertical={!horizontal}
      gap={horizontal ? 4 : 8}
      align="center"
      data-test="filterbar-action-buttons"
      style={horizontal ? { marginLeft: 'auto' } : { padding: 12, borderTop: BORDER }}
    >
      <Button
        type="primary"
        block={!horizontal}
        disabled={apply.disabled}
        onClick={applyAll}
        data-test="filter-bar__apply-button"
      >
        {horizontal ? TEXTS.applyHorizontal : TEXTS.apply}
      </Button>
      <Button
        type="link"
        block={!horizontal}
        disabled={!clearable}
        onClick={clearAll}
        data-test="filter-bar__clear-button"
      >
        {TEXTS.clearAll}
      </Button>
    </Flex>
  ) : null;
  const empty = (
    <Typography.Text type="secondary" data-test="filter-bar__empty">
      {TEXTS.empty}
    </Typography.Text>
  );

  // The filters acting on no chart shown, folded away (a row when horizontal).
  const outOfScopeSection = outOfScope.length ? (
    <Collapse
      ghost
      size="small"
      data-test="filter-bar__out-of-scope"
      items={[
        {
          key: 'out-of-scope',
          label: TEXTS.outOfScope(outOfScope.length),
          children: (
            <Flex vertical={!horizontal} wrap={horizontal} gap={horizontal ? 16 : 12}>
              {outOfScope.map(renderFilter)}
            </Flex>
          ),
        },
      ]}
    />
  ) : null;

  if (horizontal) {
    return (
      <Flex
        data-test="filter-bar"
        data-orientation="HORIZONTAL"
        wrap
        align="center"
        gap={16}
        style={{ padding: '8px 16px', borderBottom: BORDER, background: CSS_VAR.surface }}
      >
        {settings}
        {addButton}
        {extra}
        {hasFilters ? inScope.map(renderFilter) : empty}
        {outOfScopeSection}
        {actions}
      </Flex>
    );
  }

  return (
    <FilterBarFrame collapsed={collapsed} onExpand={() => onCollapsedChange(false)}>
      {/* Kept mounted while collapsed: the controls keep their choices and defaults. */}
      <Flex vertical style={{ height: '100%', display: collapsed ? 'none' : undefined }}>
        <div style={{ padding: '12px 12px 4px' }}>
          <Flex align="center" justify="space-between">
            <Typography.Title level={5} style={{ margin: 0, flex: 1 }}>
              {TEXTS.title}
            </Typography.Title>
            {settings}
            <Tooltip title={TEXTS.collapse} placement="right">
              <Button
                type="text"
                size="small"
                aria-label={TEXTS.collapse}
                icon={<VerticalAlignTopOutlined style={{ transform: 'rotate(-90deg)' }} />}
                onClick={() => onCollapsedChange(true)}
                data-test="filter-bar__collapse-button"
              />
            </Tooltip>
          </Flex>
          {addButton}
          {extra ? <div style={{ marginTop: 8 }}>{extra}</div> : null}
        </div>
        <Flex
          vertical
          gap={12}
          style={{ flex: 1, minHeight: 0, overflowY: 'auto', padding: '8px 12px 12px' }}
        >
          {hasFilters ? inScope.map(renderFilter) : empty}
          {outOfScopeSection}
        </Flex>
        {actions}
      </Flex>
    </FilterBarFrame>
  );
}
