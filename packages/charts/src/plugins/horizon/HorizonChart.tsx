/**
 * The horizon chart: one row per series, each a canvas of folded bands (`bands.ts`) with the
 * series' name over its top left corner. Rows keep their height; the box scrolls when they do
 * not fit. Each canvas draws at the device's pixel ratio and stretches to the row's width (so
 * a scroll bar narrows it instead of cutting it).
 */
import { Empty } from 'antd';
import { useEffect, useRef } from 'react';
import { bandRects } from './bands.js';
import type { HorizonProps, HorizonSeries } from './transformProps.js';
import { CSS_VAR } from '@strata/core';

function HorizonRow({
  series,
  width,
  height,
}: {
  series: HorizonSeries;
  width: number;
  height: number;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const el = canvas.current;
    const context = el?.getContext('2d');
    if (!el || !context) return;
    const ratio = window.devicePixelRatio || 1;
    el.width = Math.max(1, Math.round(width * ratio));
    el.height = Math.max(1, Math.round(height * ratio));
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.clearRect(0, 0, width, height);
    for (const r of bandRects(series.values, series.extent, width, height)) {
      context.fillStyle = r.color;
      context.fillRect(r.x, r.y, r.width, r.height);
    }
  }, [series, width, height]);
  return (
    <div
      title={series.name}
      style={{ position: 'relative', height, borderBottom: `1px solid ${CSS_VAR.border}` }}
    >
      <span
        style={{
          position: 'absolute',
          top: 0,
          left: 2,
          fontSize: 11,
          lineHeight: '14px',
          color: CSS_VAR.text,
          textShadow: '1px 1px rgba(255, 255, 255, 0.75)',
          pointerEvents: 'none',
          whiteSpace: 'nowrap',
        }}
      >
        {series.name}
      </span>
      <canvas
        ref={canvas}
        role="img"
        aria-label={series.name}
        style={{ display: 'block', width: '100%', height }}
      />
    </div>
  );
}

export default function HorizonChart({ width, height, seriesHeight, series, empty }: HorizonProps) {
  if (empty || series.length === 0)
    return (
      <div
        style={{ width, height, display: 'flex', alignItems: 'center', justifyContent: 'center' }}
      >
        <Empty description="No results were returned for this query" />
      </div>
    );
  return (
    <div
      data-test="horizon-chart"
      style={{ width, height, overflowY: 'auto', overflowX: 'hidden', position: 'relative' }}
    >
      {series.map((s, i) => (
        <HorizonRow key={`${i}:${s.name}`} series={s} width={width} height={seriesHeight} />
      ))}
    </div>
  );
}
