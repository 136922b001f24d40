/**
 * Draws a chart from its data: the plugin's transformProps, then its component (loaded on
 * demand), at the size of the box. Failures of either become the "rendering" error of the spec.
 * `onDrawn` says when the chart is on screen: its component has committed (ECharts draws
 * synchronously in its effect), no part of it is still drawing (`ChartDrawingContext`: a map
 * whose shapes load, a word cloud being laid out) and two frames have passed — the signal
 * report screenshots wait for (see chartStatus.ts).
 */
import {
  Component,
  startTransition,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { Empty, Spin } from 'antd';
import { MESSAGES, type QueryFormData } from '@strata/core';
import {
  chartRegistry,
  type ChartDataResult,
  type ChartHooks,
  type ExploreDatasource,
} from '@strata/charts';
import {
  ChartDrawingContext,
  hasChartComponent,
  loadChartComponent,
  loadedChartComponent,
  type ChartDrawing,
} from '@strata/charts/components';
import { renderChartPayload } from '../../app/logger/chartEvents';
import { LOG_ACTIONS, logEvent } from '../../app/logger/eventLogger';

class RenderBoundary extends Component<
  { onError: (e: Error) => void; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: Error) {
    this.props.onError(error);
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** The element's size, kept up to date (not measured when `enabled` is false). */
export function useElementSize<T extends HTMLElement>(enabled = true) {
  const ref = useRef<T>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || !enabled) return undefined;
    const measure = () =>
      setSize({ width: Math.floor(el.clientWidth), height: Math.floor(el.clientHeight) });
    measure();
    // Size changes redraw the chart as a transition (the page stays responsive meanwhile).
    const observer = new ResizeObserver(() => startTransition(measure));
    observer.observe(el);
    return () => observer.disconnect();
  }, [enabled]);
  return { ref, ...size };
}

/** Renders nothing; its effect runs after those of the chart drawn before it (tree order). */
function Committed({ token, onCommit }: { token: unknown; onCommit: (token: unknown) => void }) {
  useEffect(() => {
    onCommit(token);
    return () => onCommit(null);
  }, [token, onCommit]);
  return null;
}

/**
 * When the chart shown is drawn: `onCommit(token)` when new content has committed (null when it
 * is gone), the returned `drawing` counts parts still drawing; `onDrawn` is called once per
 * content, two frames after the last of these.
 */
function useDrawnSignal(onDrawn: (() => void) | undefined) {
  const latest = useRef(onDrawn);
  latest.current = onDrawn;
  const pending = useRef(0);
  const committed = useRef<unknown>(null);
  const frame = useRef(0);
  const check = useCallback(() => {
    cancelAnimationFrame(frame.current);
    const token = committed.current;
    if (token === null || pending.current > 0 || !latest.current) return;
    const still = () => committed.current === token && pending.current === 0;
    frame.current = requestAnimationFrame(() => {
      if (!still()) return;
      frame.current = requestAnimationFrame(() => {
        if (still()) latest.current?.();
      });
    });
  }, []);
  const drawing = useMemo<ChartDrawing>(
    () => ({
      begin() {
        pending.current += 1;
        let ended = false;
        return () => {
          if (ended) return;
          ended = true;
          pending.current -= 1;
          check();
        };
      },
    }),
    [check],
  );
  const onCommit = useCallback(
    (token: unknown) => {
      committed.current = token;
      check();
    },
    [check],
  );
  useEffect(() => () => cancelAnimationFrame(frame.current), []);
  return { drawing, onCommit };
}

// Each chart's props differ; the renderer passes transformProps' output through unchanged.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyChart = ComponentType<any>;

/**
 * The chart type's component: at once when its code has arrived (no suspending), else after it
 * loads. A failed load is reported as a rendering failure.
 */
function useChartComponent(vizType: string, onFailed: (message: string) => void) {
  const ready = loadedChartComponent(vizType);
  const [arrived, setArrived] = useState<{ vizType: string; component: AnyChart } | null>(null);
  useEffect(() => {
    if (ready || !hasChartComponent(vizType)) return undefined;
    let live = true;
    loadChartComponent(vizType)
      .then((component) => {
        if (live && component) setArrived({ vizType, component });
      })
      .catch((e: unknown) => {
        if (live) onFailed(e instanceof Error ? e.message : String(e));
      });
    return () => {
      live = false;
    };
    // The failure callback is the caller's; a new one does not reload the code.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [vizType, ready]);
  return ready ?? (arrived?.vizType === vizType ? arrived.component : undefined);
}

export function ChartRenderer({
  formData,
  queriesResponse,
  datasource,
  hooks,
  labelColors,
  emitCrossFilters,
  filterState,
  onRendered,
  onRenderFailed,
  onDrawn,
  size,
}: {
  formData: QueryFormData;
  queriesResponse: ChartDataResult[];
  datasource: ExploreDatasource;
  hooks?: ChartHooks;
  /** The dashboard's label colours (label → colour). */
  labelColors?: Record<string, string>;
  /** On a dashboard with cross filters: clicks on the chart filter the others. */
  emitCrossFilters?: boolean;
  /** The chart's own filter state on a dashboard (its cross filter), to show what it selected. */
  filterState?: Record<string, unknown>;
  onRendered?: () => void;
  onRenderFailed: (message: string) => void;
  /** The chart is on screen (see the module's note); again after each new drawing. */
  onDrawn?: () => void;
  /** The size to draw at when the caller knows it (a dashboard's grid); measured otherwise. */
  size?: { width: number; height: number };
}) {
  const measured = useElementSize<HTMLDivElement>(!size);
  const { ref } = measured;
  const width = size ? size.width : measured.width;
  const height = size ? size.height : measured.height;
  const plugin = chartRegistry.get(formData.viz_type);
  const failed = useRef(onRenderFailed);
  failed.current = onRenderFailed;
  const reportFailure = useCallback((message: string) => failed.current(message), []);
  const ChartComponent = useChartComponent(formData.viz_type, reportFailure);
  const { drawing, onCommit } = useDrawnSignal(onDrawn);
  // When the latest drawing began, for the `render_chart` log event.
  const renderStarted = useRef(0);
  // No rows (an empty answer, or a 204 without any query result): the empty state, and the
  // plugin is not asked to draw nothing (its transformProps may expect a query result) — unless
  // it draws without rows (a Filter Box: its date filter, even with no filter items to query).
  const empty =
    plugin?.metadata.drawsEmptyResults !== true &&
    queriesResponse.every((r) => (r.data?.length ?? 0) === 0);
  const props = useMemo(() => {
    if (!plugin || width === 0 || height === 0) return { ok: false as const, error: null };
    renderStarted.current = performance.now();
    if (empty) return { ok: true as const, value: null };
    try {
      return {
        ok: true as const,
        value: plugin.transformProps({
          width,
          height,
          formData,
          queriesData: queriesResponse,
          datasource,
          ...(hooks ? { hooks } : {}),
          ...(labelColors ? { labelColors } : {}),
          ...(emitCrossFilters ? { emitCrossFilters } : {}),
          ...(filterState ? { filterState } : {}),
        }),
      };
    } catch (e) {
      return { ok: false as const, error: e instanceof Error ? e.message : String(e) };
    }
  }, [
    plugin,
    width,
    height,
    empty,
    formData,
    queriesResponse,
    datasource,
    hooks,
    labelColors,
    emitCrossFilters,
    filterState,
  ]);
  useEffect(() => {
    if (props.ok || props.error) {
      const startOffset = renderStarted.current;
      const timing = { startOffset, duration: performance.now() - startOffset };
      logEvent(LOG_ACTIONS.renderChart, renderChartPayload(formData, timing, props.error ?? null));
    }
    if (props.ok === false && props.error) onRenderFailed(props.error);
    else if (props.ok) onRendered?.();
    // Report once per new props.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props]);
  // The content as one element, made again only when it changes: a parent's re-render (a chart
  // holder noting the chart drawn) does not re-render the chart.
  const content = useMemo(() => {
    const done = <Committed token={props} onCommit={onCommit} />;
    if (!plugin || !hasChartComponent(formData.viz_type))
      return (
        <>
          <Empty description={MESSAGES.vizTypeNotSupported} />
          {done}
        </>
      );
    if (empty)
      return (
        <>
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={MESSAGES.noResults}
            style={{ paddingTop: 40 }}
          />
          {done}
        </>
      );
    if (props.ok && ChartComponent)
      return (
        <ChartDrawingContext.Provider value={drawing}>
          <RenderBoundary onError={(e) => reportFailure(e.message)}>
            <ChartComponent {...(props.value as object)} />
            {done}
          </RenderBoundary>
        </ChartDrawingContext.Provider>
      );
    if (props.ok) return <Spin style={{ position: 'absolute', inset: 0, margin: 'auto' }} />;
    return null;
  }, [plugin, formData.viz_type, empty, props, ChartComponent, drawing, onCommit, reportFailure]);
  return (
    <div
      ref={ref}
      style={{ width: '100%', height: '100%', position: 'relative' }}
      data-test="chart-container"
    >
      {content}
    </div>
  );
}
