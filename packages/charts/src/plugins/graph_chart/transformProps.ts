/**
 * Graph Chart transformProps: one node per distinct source or target value (its value the total
 * of its edges), one edge per row with a non-zero metric; node sizes and edge widths scaled from
 * 0.5× to 2× their base by value; categories (coloured, in the legend) from the category columns.
 */
import {
  getColumnLabel,
  getMetricLabel,
  type QueryColumn,
  type QueryFormData,
  type QueryMetric,
} from '@strata/core';
import { drillFilter, drillFilters } from '../../drill.js';
import { CategoricalColorScale } from '../../color/scale.js';
import { categoricalScheme } from '../../color/schemes.js';
import { getNumberFormatter } from '../../format/number-format.js';
import type { ChartProps, DrillContext, DrillFilter } from '../../plugin.js';
import { categoryLegend, escapeHtml } from '../pie/legend.js';
import { GRAPH_DEFAULTS } from './controlPanel.js';

export interface GraphProps {
  width: number;
  height: number;
  echartOptions: Record<string, unknown>;
  empty: boolean;
  /** A right click on a node or an edge (ECharts' data type and index): the page's drill menu. */
  onItemContextMenu?: (
    dataType: 'node' | 'edge',
    dataIndex: number,
    clientX: number,
    clientY: number,
  ) => void;
}

/** Where a node's value came from: the source or the target column, and the row's value. */
export interface GraphNodeOrigin {
  field: 'source' | 'target';
  value: unknown;
}

/**
 * The drill of a clicked node (its value on the column it first appeared in — Superset keeps the
 * node's column — and "Drill by" regrouping that field) or edge (its source and target values).
 */
export function graphDrill(
  formData: QueryFormData,
  item: { node: GraphNodeOrigin } | { edge: [GraphNodeOrigin, GraphNodeOrigin] },
): { filters: DrillFilter[]; context: DrillContext } {
  const filterOf = (o: GraphNodeOrigin) =>
    drillFilter(formData[o.field] as QueryColumn | undefined, o.value, String(o.value));
  if ('node' in item)
    return {
      filters: drillFilters([filterOf(item.node)]),
      context: { drillByField: item.node.field },
    };
  return { filters: drillFilters(item.edge.map(filterOf)), context: {} };
}

type EdgeSymbol = 'none' | 'circle' | 'arrow';

export interface GraphNode {
  id: string;
  name: string;
  value: number;
  category?: string;
  symbolSize?: number;
  itemStyle: { color: string };
  label?: { show: boolean };
}

export interface GraphEdge {
  source: string;
  target: string;
  value: number;
  lineStyle: { color: string; width?: number };
  emphasis: { lineStyle?: { width: number } };
  select: { lineStyle?: { width: number; opacity: number } };
}

const symbol = (s: string | undefined): EdgeSymbol =>
  s === 'circle' || s === 'arrow' ? s : 'none';

/** `"none,arrow"` → `['none', 'arrow']` (anything unknown is 'none'). */
export function parseEdgeSymbol(value: unknown): [EdgeSymbol, EdgeSymbol] {
  const [start, end] = String(value ?? '').split(',');
  return [symbol(start?.trim()), symbol(end?.trim())];
}

const num = (value: unknown, fallback: number): number => {
  if (value === null || value === undefined || value === '') return fallback;
  const n = Number(value);
  return Number.isFinite(n) ? n : fallback;
};

const bool = (value: unknown): boolean | undefined =>
  value === true || value === 'true'
    ? true
    : value === false || value === 'false'
      ? false
      : undefined;

function categoryName(column: string, value: unknown): string {
  if (value === true || value === false) return `${column}: ${String(value)}`;
  if (value === null || value === undefined) return 'N/A';
  return String(value);
}

/** Linear scale of `value` from [lo, hi] onto [base/2, base*2]; the base when all are equal. */
function scaled(value: number, lo: number, hi: number, base: number): number {
  if (hi === lo) return base;
  return base * 0.5 + ((value - lo) / (hi - lo)) * base * 1.5;
}

const emphasized = (width: number) => Math.max(5, Math.min(width * 2, 20));

function extent(values: number[]): [number, number] {
  // A loop rather than Math.min(...values): row limits can exceed the engine's argument limit.
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of values) {
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  return [lo, hi];
}

export function transformGraph(chartProps: ChartProps): GraphProps {
  const { width, height, formData, queriesData, hooks } = chartProps;
  const result = queriesData[0];
  const none = { width, height, echartOptions: {}, empty: true };
  if (!result || !formData.metric || !formData.source || !formData.target) return none;
  const metric = getMetricLabel(formData.metric as QueryMetric);
  const source = getColumnLabel(formData.source as QueryColumn);
  const target = getColumnLabel(formData.target as QueryColumn);
  const sourceCategory = formData.source_category
    ? getColumnLabel(formData.source_category as QueryColumn)
    : undefined;
  const targetCategory = formData.target_category
    ? getColumnLabel(formData.target_category as QueryColumn)
    : undefined;
  const schemeId = formData.color_scheme as string | undefined;
  const scale = new CategoricalColorScale(schemeId, chartProps.labelColors);
  const firstColor = categoricalScheme(schemeId).colors[0] ?? '#1FA8C9';

  const ids = new Map<string, number>();
  const nodes: GraphNode[] = [];
  const origins: GraphNodeOrigin[] = [];
  const edges: GraphEdge[] = [];
  const edgeEnds: Array<[unknown, unknown]> = [];
  const categories = new Set<string>();
  const nodeOf = (
    name: string,
    category: string | undefined,
    color: string,
    origin: GraphNodeOrigin,
  ): GraphNode => {
    let index = ids.get(name);
    if (index === undefined) {
      index = nodes.length;
      ids.set(name, index);
      nodes.push({ id: String(index), name, value: 0, itemStyle: { color } });
      origins.push(origin);
    }
    const node = nodes[index]!;
    if (category) {
      categories.add(category);
      // A node seen first without a category takes the first one it gets.
      node.category ??= category;
    }
    return node;
  };

  for (const row of result.data) {
    const value = Number(row[metric] ?? 0);
    if (!value) continue;
    const sCat = sourceCategory ? categoryName(sourceCategory, row[sourceCategory]) : undefined;
    const tCat = targetCategory ? categoryName(targetCategory, row[targetCategory]) : undefined;
    const sColor = sCat ? scale.getColor(sCat) : firstColor;
    const tColor = tCat ? scale.getColor(tCat) : firstColor;
    const s = nodeOf(String(row[source]), sCat, sColor, { field: 'source', value: row[source] });
    const t = nodeOf(String(row[target]), tCat, tColor, { field: 'target', value: row[target] });
    edgeEnds.push([row[source], row[target]]);
    s.value += value;
    t.value += value;
    edges.push({
      source: s.id,
      target: t.id,
      value,
      lineStyle: { color: sColor },
      emphasis: {},
      select: {},
    });
  }
  if (nodes.length === 0) return none;

  const baseNodeSize = num(formData.baseNodeSize, GRAPH_DEFAULTS.baseNodeSize);
  const baseEdgeWidth = num(formData.baseEdgeWidth, GRAPH_DEFAULTS.baseEdgeWidth);
  const threshold = num(formData.showSymbolThreshold, GRAPH_DEFAULTS.showSymbolThreshold);
  const [nodeLo, nodeHi] = extent(nodes.map((n) => n.value));
  for (const node of nodes) {
    node.symbolSize = scaled(node.value, nodeLo, nodeHi, baseNodeSize);
    node.label = { show: threshold ? node.value > threshold : true };
  }
  const [edgeLo, edgeHi] = extent(edges.map((e) => e.value));
  for (const edge of edges) {
    const w = scaled(edge.value, edgeLo, edgeHi, baseEdgeWidth);
    edge.lineStyle.width = w;
    edge.emphasis.lineStyle = { width: emphasized(w) };
    edge.select.lineStyle = { width: emphasized(w * 0.8), opacity: 1 };
  }

  const format = getNumberFormatter('SMART_NUMBER');
  const tooltip = (p: { dataType?: string; name?: string; value?: unknown; data?: unknown }) => {
    if (p.dataType === 'edge') {
      const edge = p.data as GraphEdge;
      const from = nodes[Number(edge.source)]?.name ?? '';
      const to = nodes[Number(edge.target)]?.name ?? '';
      return `<b>${escapeHtml(from)} &gt; ${escapeHtml(to)}</b><br/>${escapeHtml(metric)}: ${format(edge.value)}`;
    }
    return `${escapeHtml(String(p.name ?? ''))}: ${format(Number(p.value))}`;
  };

  const categoryList = [...categories];
  const showLegend = formData.show_legend !== false;
  const orient = (formData.legendOrientation as string) || 'top';
  const pad = (side: string, size: number) => (showLegend && orient === side ? size : 0);
  const layout = formData.layout === 'circular' ? 'circular' : GRAPH_DEFAULTS.layout;
  const roam =
    formData.roam === 'scale' || formData.roam === 'move'
      ? formData.roam
      : (bool(formData.roam) ?? GRAPH_DEFAULTS.roam);
  const selectedMode =
    formData.selectedMode === 'single' || formData.selectedMode === 'multiple'
      ? formData.selectedMode
      : bool(formData.selectedMode) === false
        ? false
        : GRAPH_DEFAULTS.selectedMode;

  return {
    width,
    height,
    empty: false,
    ...(hooks?.onContextMenu
      ? {
          onItemContextMenu: (type: 'node' | 'edge', index: number, x: number, y: number) => {
            const ends = edgeEnds[index];
            const node = origins[index];
            const drill =
              type === 'node' && node
                ? graphDrill(formData, { node })
                : type === 'edge' && ends
                  ? graphDrill(formData, {
                      edge: [
                        { field: 'source', value: ends[0] },
                        { field: 'target', value: ends[1] },
                      ],
                    })
                  : { filters: [], context: {} };
            hooks.onContextMenu!(x, y, drill.filters, drill.context);
          },
        }
      : {}),
    echartOptions: {
      animationDuration: 500,
      animationEasing: 'cubicOut',
      tooltip: { trigger: 'item', appendToBody: true, formatter: tooltip },
      legend: categoryLegend(formData, categoryList),
      series: [
        {
          type: 'graph',
          zoom: 0.7,
          layout,
          categories: categoryList.map((name) => ({
            name,
            itemStyle: { color: scale.getColor(name) },
          })),
          force: {
            initLayout: 'circular',
            layoutAnimation: true,
            edgeLength: num(formData.edgeLength, GRAPH_DEFAULTS.edgeLength),
            gravity: num(formData.gravity, GRAPH_DEFAULTS.gravity),
            repulsion: num(formData.repulsion, GRAPH_DEFAULTS.repulsion),
            friction: num(formData.friction, GRAPH_DEFAULTS.friction),
          },
          circular: { rotateLabel: true },
          data: nodes,
          links: edges,
          roam,
          draggable: bool(formData.draggable) ?? GRAPH_DEFAULTS.draggable,
          edgeSymbol: parseEdgeSymbol(formData.edgeSymbol ?? GRAPH_DEFAULTS.edgeSymbol),
          edgeSymbolSize: baseEdgeWidth * 2,
          selectedMode,
          top: pad('top', 30),
          bottom: pad('bottom', 30),
          left: pad('left', 100),
          right: pad('right', 100),
          animation: true,
          label: { show: true, position: 'right', distance: 5, overflow: 'truncate' },
          lineStyle: { color: 'source', curveness: 0.1 },
          emphasis: { focus: 'adjacency' },
          select: {
            itemStyle: { borderWidth: 3, opacity: 1 },
            label: { fontWeight: 'bolder' },
          },
        },
      ],
    },
  };
}
