/**
 * Draws a chart from its data: the plugin's transformProps, then its component (loaded on
 * demand), at the size of the box. Failures of either become the "rendering" error of the spec.
 */
import {
  Component,
  startTransition,
  Suspense,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
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
import { chartComponents } from '@strata/charts/components';

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

/** The element's size, kept up to date. */
export function useElementSize<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return undefined;
    const measure = () =>
      setSize({ width: Math.floor(el.clientWidth), height: Math.floor(el.clientHeight) });
    measure();
    // Size changes redraw the chart as a transition (the page stays responsive meanwhile).
    const observer = new ResizeObserver(() => startTransition(measure));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return { ref, ...size };
}

export function ChartRenderer({
  formData,
  queriesResponse,
  datasource,
  hooks,
  labelColors,
  emitCrossFilters,
  onRendered,
  onRenderFailed,
}: {
  formData: QueryFormData;
  queriesResponse: ChartDataResult[];
  datasource: ExploreDatasource;
  hooks?: ChartHooks;
  /** The dashboard's label colours (label → colour). */
  labelColors?: Record<string, string>;
  /** On a dashboard with cross filters: clicks on the chart filter the others. */
  emitCrossFilters?: boolean;
  onRendered?: () => void;
  onRenderFailed: (message: string) => void;
}) {
  const { ref, width, height } = useElementSize<HTMLDivElement>();
  const plugin = chartRegistry.get(formData.viz_type);
  const ChartComponent = chartComponents[formData.viz_type];
  const props = useMemo(() => {
    if (!plugin || width === 0 || height === 0) return { ok: false as const, error: null };
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
        }),
      };
    } catch (e) {
      return { ok: false as const, error: e instanceof Error ? e.message : String(e) };
    }
  }, [
    plugin,
    width,
    height,
    formData,
    queriesResponse,
    datasource,
    hooks,
    labelColors,
    emitCrossFilters,
  ]);
  useEffect(() => {
    if (props.ok === false && props.error) onRenderFailed(props.error);
    else if (props.ok) onRendered?.();
    // Report once per new props.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props]);
  const empty =
    plugin?.metadata.drawsEmptyResults !== true &&
    queriesResponse.every((r) => (r.data?.length ?? 0) === 0);
  return (
    <div
      ref={ref}
      style={{ width: '100%', height: '100%', position: 'relative' }}
      data-test="chart-container"
    >
      {!plugin || !ChartComponent ? (
        <Empty description={MESSAGES.vizTypeNotSupported} />
      ) : empty ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={MESSAGES.noResults}
          style={{ paddingTop: 40 }}
        />
      ) : props.ok ? (
        <RenderBoundary onError={(e) => onRenderFailed(e.message)}>
          <Suspense fallback={<Spin style={{ position: 'absolute', inset: 0, margin: 'auto' }} />}>
            <ChartComponent {...(props.value as object)} />
          </Suspense>
        </RenderBoundary>
      ) : null}
    </div>
  );
}
