/**
 * Sankey transformProps: one node per distinct source or target value, one link per row; a loop
 * (ECharts' sankey only draws acyclic graphs) gives `error` instead of an option.
 */
import { getColumnLabel, getMetricLabel, type QueryColumn, type QueryMetric } from '@strata/core';
import { CategoricalColorScale } from '../../color/scale.js';
import { getNumberFormatter } from '../../format/number-format.js';
import type { ChartProps } from '../../plugin.js';
import { escapeHtml } from '../pie/legend.js';

export interface SankeyProps {
  width: number;
  height: number;
  echartOptions: Record<string, unknown>;
  empty: boolean;
  /** Why the chart cannot be drawn (a loop in the data), shown instead of the chart. */
  error?: string;
}

interface Link {
  source: string;
  target: string;
  value: number;
}

/** The first link closing a loop (a self link counts), or null when the graph is acyclic. */
export function findCycle(links: readonly Link[]): [string, string] | null {
  const next = new Map<string, string[]>();
  for (const { source, target } of links) {
    const list = next.get(source);
    if (list) list.push(target);
    else next.set(source, [target]);
  }
  // 1: on the current path, 2: fully explored. Iterative so long chains cannot overflow the stack.
  const state = new Map<string, 1 | 2>();
  for (const start of next.keys()) {
    if (state.has(start)) continue;
    const stack: Array<{ node: string; i: number }> = [{ node: start, i: 0 }];
    state.set(start, 1);
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      const targets = next.get(top.node) ?? [];
      if (top.i >= targets.length) {
        state.set(top.node, 2);
        stack.pop();
        continue;
      }
      const target = targets[top.i++]!;
      const seen = state.get(target);
      if (seen === 1) return [top.node, target];
      if (seen === undefined) {
        state.set(target, 1);
        stack.push({ node: target, i: 0 });
      }
    }
  }
  return null;
}

const add = (map: Map<string, number>, key: string, value: number) =>
  map.set(key, (map.get(key) ?? 0) + value);

export function transformSankey(chartProps: ChartProps): SankeyProps {
  const { width, height, formData, queriesData } = chartProps;
  const result = queriesData[0];
  const none = { width, height, echartOptions: {} };
  if (
    !result ||
    result.data.length === 0 ||
    !formData.metric ||
    !formData.source ||
    !formData.target
  )
    return { ...none, empty: true };
  const metric = getMetricLabel(formData.metric as QueryMetric);
  const source = getColumnLabel(formData.source as QueryColumn);
  const target = getColumnLabel(formData.target as QueryColumn);
  const links: Link[] = result.data.map((row) => ({
    source: String(row[source]),
    target: String(row[target]),
    value: Number(row[metric] ?? 0),
  }));
  const cycle = findCycle(links);
  if (cycle)
    return {
      ...none,
      empty: false,
      error: `There is a loop in your Sankey, please provide a tree. Here's a faulty link: ${cycle[0]} → ${cycle[1]}`,
    };

  const incoming = new Map<string, number>();
  const outgoing = new Map<string, number>();
  const names = new Set<string>();
  for (const link of links) {
    names.add(link.source);
    names.add(link.target);
    add(outgoing, link.source, link.value);
    add(incoming, link.target, link.value);
  }
  // A node's size is the larger of its inflow and outflow, as ECharts draws it.
  const nodeValue = (name: string) => Math.max(incoming.get(name) ?? 0, outgoing.get(name) ?? 0);
  const scale = new CategoricalColorScale(
    formData.color_scheme as string | undefined,
    chartProps.labelColors,
  );
  const format = getNumberFormatter(',.2f');
  const percent = getNumberFormatter(',.2%');
  const share = (value: number, name: string) => {
    const total = nodeValue(name);
    return total ? percent(value / total) : 'N/A';
  };

  const tooltip = (p: { dataType?: string; name?: string; data?: unknown; value?: unknown }) => {
    if (p.dataType === 'edge') {
      const { source: s, target: t, value } = p.data as Link;
      return [
        `${escapeHtml(s)} → ${escapeHtml(t)}: ${format(value)}`,
        `% (${escapeHtml(s)}): ${share(value, s)}`,
        `% (${escapeHtml(t)}): ${share(value, t)}`,
      ].join('<br/>');
    }
    const name = String(p.name ?? '');
    return [
      `<b>${escapeHtml(name)}</b>`,
      `Incoming: ${format(incoming.get(name) ?? 0)}`,
      `Outgoing: ${format(outgoing.get(name) ?? 0)}`,
    ].join('<br/>');
  };

  return {
    width,
    height,
    empty: false,
    echartOptions: {
      tooltip: { trigger: 'item', appendToBody: true, formatter: tooltip },
      series: [
        {
          type: 'sankey',
          animation: false,
          data: [...names].map((name) => ({ name, itemStyle: { color: scale.getColor(name) } })),
          links,
          lineStyle: { color: 'source', opacity: 0.4 },
          emphasis: { focus: 'adjacency' },
        },
      ],
    },
  };
}
