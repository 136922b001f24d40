/**
 * Renders an ECharts option in a div of the given size (canvas renderer). The instance is made
 * once per mount and updated in place with `setOption(option, {notMerge: true})`, so changing a
 * control redraws without flicker; `onEvents` maps ECharts events (click, legendselectchanged…)
 * to handlers, re-bound when they change. The first draw skips the entry animation when the page
 * asks (ChartRenderContext: dashboards).
 *
 * The tooltip is made when the pointer first moves over the chart: ECharts' HTML tooltip reads the
 * page's layout as it is made (a forced layout per chart, ~5 ms each while a dashboard's other
 * charts are being added), and a chart nobody points at never needs it.
 */
import { useCallback, useContext, useEffect, useRef } from 'react';
import { ChartColorSchemeContext, ChartRenderContext } from '../render-context.js';
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

/**
 * The option as drawn in a scheme: in dark, ECharts' dark theme gives text, axes and the
 * tooltip their colours, and the background stays transparent so the page's surface shows (the
 * theme's own background would be a box of another dark).
 */
export function optionForScheme(
  option: EChartsCoreOption,
  scheme: 'light' | 'dark',
): EChartsCoreOption {
  return scheme === 'dark' && option.backgroundColor === undefined
    ? { ...option, backgroundColor: 'transparent' }
    : option;
}

/** The option without its tooltip (drawn before the pointer has been over the chart). */
export function withoutTooltip(option: EChartsCoreOption): EChartsCoreOption {
  if (!('tooltip' in option)) return option;
  const rest = { ...option };
  delete rest.tooltip;
  return rest;
}

export function EchartsChart({ width, height, option, onEvents, onReady }: EchartsChartProps) {
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const { animateFirstDraw } = useContext(ChartRenderContext);
  const scheme = useContext(ChartColorSchemeContext);
  const drawnScheme = useRef(scheme);
  const drawn = useRef(false);
  const applied = useRef<{ width: number; height: number; option: EChartsCoreOption } | null>(null);
  /** Whether the pointer has been over the chart (its tooltip is made from then on). */
  const pointed = useRef(false);

  useEffect(() => {
    if (!ref.current) return undefined;
    const instance = echarts.init(ref.current, drawnScheme.current === 'dark' ? 'dark' : null, {
      renderer: 'canvas',
      width,
      height,
    });
    chart.current = instance;
    return () => {
      instance.dispose();
      chart.current = null;
      // A new instance (a remount) starts from nothing.
      applied.current = null;
    };
    // The instance lives as long as the element; size and option changes are applied below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Size and option applied together: a new size with a new option (a dashboard's grid
  // narrowing re-runs transformProps) is drawn once, not resized and then drawn again.
  useEffect(() => {
    const instance = chart.current;
    if (!instance) return;
    const prev = applied.current;
    const resized = prev !== null && (prev.width !== width || prev.height !== height);
    applied.current = { width, height, option };
    const themeChanged = drawnScheme.current !== scheme;
    if (themeChanged) {
      // The user switched the theme: ECharts redraws the chart in the other one.
      drawnScheme.current = scheme;
      instance.setTheme(scheme === 'dark' ? 'dark' : {});
    }
    if (prev !== null && prev.option === option && !themeChanged) {
      if (resized) instance.resize({ width, height });
      return;
    }
    // The canvas takes the new size without drawing; setOption draws at it.
    if (resized) instance.getZr().resize({ width, height });
    const still = !drawn.current && !animateFirstDraw;
    const themed = optionForScheme(option, scheme);
    const shown = pointed.current ? themed : withoutTooltip(themed);
    instance.setOption(still ? { ...shown, animation: false } : shown, {
      notMerge: true,
      lazyUpdate: false,
    });
    drawn.current = true;
    onReady?.(instance);
    // The context is read for the first draw only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [width, height, option, onReady, scheme]);

  useEffect(() => {
    const instance = chart.current;
    if (!instance || !onEvents) return undefined;
    const entries = Object.entries(onEvents);
    for (const [name, handler] of entries) instance.on(name, handler);
    return () => {
      for (const [name, handler] of entries) instance.off(name, handler);
    };
  }, [onEvents]);

  const onPointerMove = useCallback(() => {
    if (pointed.current) return;
    pointed.current = true;
    const instance = chart.current;
    const tooltip = applied.current?.option.tooltip;
    // Merged into the drawn option: the chart keeps its state, the next move shows the tooltip.
    if (instance && tooltip !== undefined) instance.setOption({ tooltip }, { lazyUpdate: false });
  }, []);

  return (
    <div
      ref={ref}
      style={{ width, height }}
      data-test="echarts-chart"
      onPointerMove={onPointerMove}
    />
  );
}
