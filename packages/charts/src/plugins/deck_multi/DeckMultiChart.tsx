/**
 * deck.gl Multiple Layers' component: loads every chosen chart as a layer (in parallel, again
 * when the choice or the filters change) and draws the loaded ones in one deck.gl view. While
 * layers load, a note says so; a layer that failed names itself and its error over the map, the
 * others drawn. With auto zoom the view fits every layer's points once all have settled.
 */
import { useEffect, useMemo, useState } from 'react';
import { DeckMap } from '../deck-shared/DeckChart.js';
import type { DeckLayerSpec } from '../deck-shared/layers.js';
import type { DeckMultiProps } from './index.js';
import { multiViewport } from './layers.js';
import { loadLayer, type LayerState } from './load.js';

const note: React.CSSProperties = {
  position: 'absolute',
  left: 8,
  top: 8,
  right: 8,
  display: 'flex',
  flexDirection: 'column',
  gap: 4,
  pointerEvents: 'none',
  font: '12px/1.5 -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, sans-serif',
};

const box = (error: boolean): React.CSSProperties => ({
  alignSelf: 'flex-start',
  maxWidth: '100%',
  padding: '4px 8px',
  borderRadius: 4,
  color: error ? '#5c0011' : '#262626',
  background: error ? 'rgba(255, 241, 240, 0.95)' : 'rgba(255, 255, 255, 0.9)',
  border: `1px solid ${error ? '#ffa39e' : '#d9d9d9'}`,
  overflowWrap: 'anywhere',
});

export default function DeckMultiChart(props: DeckMultiProps) {
  const { width, height, formData, deckSlices, tileUrl, calls, labelColors, onViewportChange } =
    props;
  const fd = formData as Record<string, unknown>;
  // What the layers' queries depend on: the charts, this chart's filters, the dashboard's.
  const loadKey = JSON.stringify([
    deckSlices,
    fd.adhoc_filters ?? null,
    fd.extra_filters ?? null,
    fd.extra_form_data ?? null,
  ]);
  const [states, setStates] = useState<LayerState[]>(() =>
    deckSlices.map((id) => ({ status: 'loading', id })),
  );

  useEffect(() => {
    const controller = new AbortController();
    setStates(deckSlices.map((id) => ({ status: 'loading', id })));
    deckSlices.forEach((id, index) => {
      void loadLayer(id, formData, calls, controller.signal, labelColors).then((state) => {
        if (controller.signal.aborted) return;
        setStates((prev) => prev.map((s, i) => (i === index && s.id === id ? state : s)));
      });
    });
    return () => controller.abort();
    // Loaded again only when what the queries depend on changes (not on a pan or a resize).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loadKey]);

  const settled = states.every((s) => s.status !== 'loading');
  const specs = useMemo(
    () => states.flatMap((s): DeckLayerSpec[] => (s.status === 'loaded' ? [s.spec] : [])),
    [states],
  );
  // The view fits the points once every layer has settled (it does not jump per layer).
  const viewport = useMemo(
    () => multiViewport(settled ? specs : [], formData, width, height),
    // Fitted again when the layers change, not when a pan writes the viewport back; without
    // auto zoom the viewport control moves the map.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [settled, specs, width, height, fd.autozoom, fd.autozoom === false ? fd.viewport : null],
  );
  const failed = states.filter((s) => s.status === 'failed');
  const loading = states.filter((s) => s.status === 'loading').length;

  return (
    <DeckMap
      width={width}
      height={height}
      layers={specs}
      viewport={viewport}
      tileUrl={tileUrl}
      {...(onViewportChange ? { onViewportChange } : {})}
    >
      <div style={note}>
        {loading > 0 && (
          <div style={box(false)} role="status" data-test="deck-multi-loading">
            Loading {loading} of {states.length} layers…
          </div>
        )}
        {failed.map((s) => (
          <div key={s.id} style={box(true)} role="alert" data-test="deck-multi-layer-error">
            {s.name}: {s.error}
          </div>
        ))}
      </div>
    </DeckMap>
  );
}
