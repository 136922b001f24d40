import { useMemo } from 'react';
import { EchartsChart } from './EchartsChart.js';
import type { EChartsCoreOption } from './echarts-core.js';

/** What ECharts passes to a mouse event handler on a data item. */
export interface EchartsItemParams {
  name?: string;
  seriesName?: string;
  seriesIndex?: number;
  /** The series type of the item (`'heatmap'`, `'boxplot'`…). */
  seriesType?: string;
  /** What was clicked: a series item, or a component such as a radar's indicator. */
  componentType?: string;
  dataIndex?: number;
  /** A graph series' item: `'node'` or `'edge'`. */
  dataType?: string;
  /** Hierarchical series (treemap, sunburst): the path from the root to the item. */
  treePathInfo?: Array<{ name: string; dataIndex?: number }>;
  data?: unknown;
  value?: unknown;
  event?: { event?: MouseEvent };
}

/**
 * An ECharts chart, or the "no results" note when there is nothing to draw; `onItemClick` gets
 * each click's ECharts parameters (series name, data name…), for cross filters;
 * `onItemContextMenu` each right click's, for drill to detail.
 */
export function EchartsOrEmpty({
  width,
  height,
  option,
  empty,
  onItemClick,
  onItemContextMenu,
}: {
  width: number;
  height: number;
  option: EChartsCoreOption;
  empty: boolean;
  onItemClick?: ((params: { name?: string; seriesName?: string }) => void) | undefined;
  /** A right click on a data point, with the pointer's page position (drill to detail). */
  onItemContextMenu?:
    ((params: EchartsItemParams, clientX: number, clientY: number) => void) | undefined;
}) {
  const onEvents = useMemo(() => {
    const events: Record<string, (p: unknown) => void> = {};
    if (onItemClick)
      events.click = (p: unknown) => onItemClick(p as { name?: string; seriesName?: string });
    if (onItemContextMenu)
      events.contextmenu = function (this: unknown, p: unknown) {
        // ECharts calls handlers on the chart instance: its tooltip would cover the menu.
        (this as { dispatchAction?: (a: { type: string }) => void } | null)?.dispatchAction?.({
          type: 'hideTip',
        });
        const params = p as EchartsItemParams;
        const native = params.event?.event;
        native?.preventDefault();
        onItemContextMenu(params, native?.clientX ?? 0, native?.clientY ?? 0);
      };
    return Object.keys(events).length ? events : undefined;
  }, [onItemClick, onItemContextMenu]);
  if (empty)
    return (
      <div
        style={{
          width,
          height,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          color: '#888',
        }}
      >
        No results were returned for this query
      </div>
    );
  return (
    <EchartsChart
      width={width}
      height={height}
      option={option}
      {...(onEvents ? { onEvents } : {})}
    />
  );
}
