/**
 * Viewport (map charts): longitude, latitude, zoom, bearing and pitch, edited in a popover;
 * the label shows the position in short.
 */
import { useState } from 'react';
import { Button, Form, InputNumber } from 'antd';
import { EnvironmentOutlined } from '@ant-design/icons';
import { ControlPopover } from './ControlPopover';
import type { ControlProps } from './types';

export interface Viewport {
  longitude: number;
  latitude: number;
  zoom: number;
  bearing: number;
  pitch: number;
}

/** Superset's default viewport. */
export const DEFAULT_VIEWPORT: Viewport = {
  longitude: 6.85236157047845,
  latitude: 31.222656842808707,
  zoom: 1,
  bearing: 0,
  pitch: 0,
};

const FIELDS: Array<{ key: keyof Viewport; label: string; min?: number; max?: number }> = [
  { key: 'longitude', label: 'Longitude', min: -180, max: 180 },
  { key: 'latitude', label: 'Latitude', min: -90, max: 90 },
  { key: 'zoom', label: 'Zoom', min: 0, max: 24 },
  { key: 'bearing', label: 'Bearing', min: -180, max: 180 },
  { key: 'pitch', label: 'Pitch', min: 0, max: 85 },
];

export function viewportOf(value: unknown): Viewport {
  const v = (value && typeof value === 'object' ? value : {}) as Partial<
    Record<keyof Viewport, unknown>
  >;
  const out = { ...DEFAULT_VIEWPORT };
  for (const { key } of FIELDS) {
    const n = Number(v[key]);
    if (v[key] !== undefined && v[key] !== null && Number.isFinite(n)) out[key] = n;
  }
  return out;
}

export function ViewportControl({ control, onChange }: ControlProps) {
  const [open, setOpen] = useState(false);
  const viewport = viewportOf(control.value);
  return (
    <ControlPopover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      content={
        <Form layout="vertical" style={{ width: 220 }} data-test="viewport-editor">
          {FIELDS.map((f) => (
            <Form.Item key={f.key} label={f.label} style={{ marginBottom: 8 }}>
              <InputNumber
                size="small"
                aria-label={f.label}
                min={f.min}
                max={f.max}
                step={f.key === 'zoom' ? 0.5 : 0.1}
                value={viewport[f.key]}
                onChange={(n) => onChange({ ...viewport, [f.key]: n ?? DEFAULT_VIEWPORT[f.key] })}
                style={{ width: '100%' }}
              />
            </Form.Item>
          ))}
        </Form>
      }
    >
      <Button
        size="small"
        icon={<EnvironmentOutlined />}
        style={{ width: '100%', justifyContent: 'flex-start' }}
      >
        {viewport.longitude.toFixed(2)}°, {viewport.latitude.toFixed(2)}° · zoom{' '}
        {Math.round(viewport.zoom * 100) / 100}
      </Button>
    </ControlPopover>
  );
}
