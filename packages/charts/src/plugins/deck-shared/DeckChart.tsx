/**
 * The deck.gl charts' component: one deck.gl canvas (WebGL2) drawing the chart's layer over an
 * optional raster tile base map. The view opens on `viewport`, moves with the pointer, and a
 * pan or zoom is written back (`onViewportChange`, debounced) — a viewport that is only the
 * one written back does not move the view again. This module and deck.gl load with the first
 * deck chart only (see `components.ts`).
 */
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { Deck, type Layer, type PickingInfo } from '@deck.gl/core';
import { ArcLayer, BitmapLayer, ScatterplotLayer } from '@deck.gl/layers';
import { GridLayer, HexagonLayer, ScreenGridLayer } from '@deck.gl/aggregation-layers';
import { TileLayer } from '@deck.gl/geo-layers';
import type { DeckChartProps } from './transformProps.js';
import type { ArcDatum, DeckLayerSpec, ScatterPoint, WeightedPoint } from './layers.js';
import type { Viewport } from './geo.js';
import { escapeHtml } from '../pie/legend.js';

const WRITE_BACK_MS = 300;

/** At most `n` colours, evenly taken from a scheme (the aggregating layers take up to 6). */
function sample<T>(colors: T[], n = 6): T[] {
  if (colors.length <= n) return colors;
  return Array.from(
    { length: n },
    (_, i) => colors[Math.round((i * (colors.length - 1)) / (n - 1))]!,
  );
}

/** The deck.gl layer of a spec; `key` tells layers of one map apart. */
function dataLayer(spec: DeckLayerSpec, key: string): Layer {
  switch (spec.kind) {
    case 'scatter':
      return new ScatterplotLayer<ScatterPoint>({
        id: `deck-scatter-${key}`,
        data: spec.points,
        getPosition: (d) => d.position,
        getRadius: (d) => d.radius,
        getFillColor: (d) => d.color,
        // An undefined prop would replace deck.gl's default (and draw nothing): given only when set.
        ...(spec.minRadius !== undefined ? { radiusMinPixels: spec.minRadius } : {}),
        ...(spec.maxRadius !== undefined ? { radiusMaxPixels: spec.maxRadius } : {}),
        stroked: false,
        pickable: true,
      });
    case 'arc':
      return new ArcLayer<ArcDatum>({
        id: `deck-arc-${key}`,
        data: spec.arcs,
        getSourcePosition: (d) => d.sourcePosition,
        getTargetPosition: (d) => d.targetPosition,
        getSourceColor: (d) => d.sourceColor,
        getTargetColor: (d) => d.targetColor,
        getWidth: spec.strokeWidth,
        pickable: true,
      });
    case 'screengrid':
      return new ScreenGridLayer<WeightedPoint>({
        id: `deck-screengrid-${key}`,
        data: spec.points,
        getPosition: (d) => d.position,
        getWeight: (d) => d.weight,
        cellSizePixels: spec.cellSize,
        colorRange: sample(spec.colorRange),
        pickable: false,
      });
    case 'grid':
      return new GridLayer<WeightedPoint>({
        id: `deck-grid-${key}`,
        data: spec.points,
        getPosition: (d) => d.position,
        getColorWeight: (d) => d.weight,
        getElevationWeight: (d) => d.weight,
        cellSize: spec.cellSize,
        extruded: spec.extruded,
        elevationScale: 4,
        colorRange: sample(spec.colorRange),
        pickable: true,
      });
    case 'hex':
      return new HexagonLayer<WeightedPoint>({
        id: `deck-hex-${key}`,
        data: spec.points,
        getPosition: (d) => d.position,
        getColorWeight: (d) => d.weight,
        getElevationWeight: (d) => d.weight,
        radius: spec.cellSize,
        extruded: spec.extruded,
        elevationScale: 4,
        colorRange: sample(spec.colorRange),
        pickable: true,
      });
  }
}

function tileLayer(url: string): Layer {
  return new TileLayer({
    id: 'deck-tiles',
    data: url,
    minZoom: 0,
    maxZoom: 19,
    tileSize: 256,
    renderSubLayers: (props) => {
      const { west, south, east, north } = props.tile.bbox as {
        west: number;
        south: number;
        east: number;
        north: number;
      };
      return new BitmapLayer({
        id: `${props.id}-bitmap`,
        image: props.data as never,
        bounds: [west, south, east, north],
      });
    },
  });
}

function tooltip(info: PickingInfo): { html: string } | null {
  const o = info.object as Record<string, unknown> | undefined;
  if (!o) return null;
  const lines: string[] = [];
  const pos = (o.position ?? o.sourcePosition) as number[] | undefined;
  if (pos) lines.push(`Longitude and Latitude: ${pos[0]}, ${pos[1]}`);
  if (o.targetPosition) {
    const t = o.targetPosition as number[];
    lines.push(`End: ${t[0]}, ${t[1]}`);
  }
  if (o.cat_color !== undefined && o.cat_color !== null)
    lines.push(`Category: ${String(o.cat_color)}`);
  if (typeof o.metric === 'number') lines.push(`Metric: ${o.metric}`);
  if (typeof o.colorValue === 'number') lines.push(`Weight: ${o.colorValue}`);
  if (typeof o.count === 'number') lines.push(`Count: ${o.count}`);
  return lines.length ? { html: lines.map(escapeHtml).join('<br/>') } : null;
}

const keyOf = (v: Viewport) =>
  [v.longitude, v.latitude, v.zoom, v.bearing, v.pitch].map((n) => n.toFixed(6)).join(',');

export interface DeckMapProps {
  width: number;
  height: number;
  /** Drawn in order, the first at the bottom. */
  layers: readonly DeckLayerSpec[];
  viewport: Viewport;
  tileUrl: string | null;
  onViewportChange?: (viewport: Viewport) => void;
  /** Drawn over the map (messages). */
  children?: ReactNode;
}

/** One chart's layer on the map. */
export default function DeckChart(props: DeckChartProps) {
  const { layer, ...rest } = props;
  const layers = useMemo(() => [layer], [layer]);
  return <DeckMap {...rest} layers={layers} />;
}

/** One deck.gl view drawing layers over the base map (deck.gl Multiple Layers draws several). */
export function DeckMap(props: DeckMapProps) {
  const { width, height, layers, viewport, tileUrl, onViewportChange, children } = props;
  const host = useRef<HTMLDivElement>(null);
  const deck = useRef<Deck | null>(null);
  const shown = useRef<string | null>(null);
  const written = useRef<string | null>(null);
  const onChange = useRef(onViewportChange);
  onChange.current = onViewportChange;

  useEffect(() => {
    const parent = host.current;
    if (!parent) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const d = new Deck({
      parent,
      width: '100%',
      height: '100%',
      controller: true,
      initialViewState: viewport,
      getTooltip: tooltip,
      onViewStateChange: ({ viewState, interactionState }) => {
        const moving =
          interactionState.isDragging || interactionState.isPanning || interactionState.isZooming;
        clearTimeout(timer);
        const v = viewState as unknown as Viewport;
        const next: Viewport = {
          longitude: v.longitude,
          latitude: v.latitude,
          zoom: v.zoom,
          bearing: v.bearing ?? 0,
          pitch: v.pitch ?? 0,
        };
        timer = setTimeout(
          () => {
            written.current = keyOf(next);
            onChange.current?.(next);
          },
          moving ? WRITE_BACK_MS * 2 : WRITE_BACK_MS,
        );
      },
    });
    deck.current = d;
    shown.current = keyOf(viewport);
    return () => {
      clearTimeout(timer);
      d.finalize();
      deck.current = null;
    };
    // The canvas is made once; later props go through setProps below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const key = keyOf(viewport);
    if (key === shown.current || key === written.current) return;
    shown.current = key;
    deck.current?.setProps({ initialViewState: { ...viewport, transitionDuration: 0 } });
  }, [viewport]);

  useEffect(() => {
    const drawn: Layer[] = [];
    if (tileUrl) drawn.push(tileLayer(tileUrl));
    layers.forEach((spec, i) => drawn.push(dataLayer(spec, String(i))));
    deck.current?.setProps({ layers: drawn });
  }, [layers, tileUrl]);

  return (
    <div data-test="deck-chart" style={{ position: 'relative', width, height, overflow: 'hidden' }}>
      {/* deck.gl owns this node (its canvas and tooltip); React only what is drawn over it. */}
      <div ref={host} style={{ position: 'absolute', inset: 0 }} />
      {children}
    </div>
  );
}
