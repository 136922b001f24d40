/**
 * Renders an ECharts option in a div of the given size (canvas renderer). The instance is made
 * once per mount and updated in place with `setOption(option, {notMerge: true})`, so changing a
 * control redraws without flicker; `onEvents` maps ECharts events (click, legendselectchanged…)
 * to handlers, re-bound when they change.
 */
import { useEffect, useRef } from 'react';
import { echarts, type EChartsCoreOption, type EChartsType } from './echarts-core.js';

export type EchartsEventHandler = (params: unknown) => void;

export interface EchartsChartProps {
  width: number;
  height: number;
  option: EChartsCoreOption;
  onEvents?: Record<string, EchartsEventHandler>;
  /** Called after the first paint with the chart instance (tests, exports). */
  onReady?: (chart: EChartsType) => void;
}

export function EchartsChart({ width, height, option, onEvents, onReady }: EchartsChartProps) {
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);

  useEffect(() => {
    if (!ref.current) return undefined;
    const instance = echarts.init(ref.current, null, { renderer: 'canvas', width, height });
    chart.current = instance;
    return () => {
      instance.dispose();
      chart.current = null;
    };
    // The instance lives as long as the element; size and option changes are applied below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    chart.current?.resize({ width, height });
  }, [width, height]);

  useEffect(() => {
    const instance = chart.current;
    if (!instance) return;
    instance.setOption(option, { notMerge: true, lazyUpdate: false });
    onReady?.(instance);
  }, [option, onReady]);

  useEffect(() => {
    const instance = chart.current;
    if (!instance || !onEvents) return undefined;
    const entries = Object.entries(onEvents);
    for (const [name, handler] of entries) instance.on(name, handler);
    return () => {
      for (const [name, handler] of entries) instance.off(name, handler);
    };
  }, [onEvents]);

  return <div ref={ref} style={{ width, height }} data-test="echarts-chart" />;
}
