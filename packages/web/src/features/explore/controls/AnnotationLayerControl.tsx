/**
 * Annotation layers: each layer (name, type FORMULA/EVENT/INTERVAL/TIME_SERIES, source, value,
 * shown or hidden) edited in a popover. NATIVE sources pick a layer of /api/v1/annotation_layer/;
 * chart sources take a saved chart's id; a formula is an expression of x.
 */
import { useEffect, useState } from 'react';
import { Button, Checkbox, Flex, Input, InputNumber, Select } from 'antd';
import { api } from '../../../app/api';
import { PopoverItemList } from './PopoverItemList';
import type { ControlProps } from './types';

export interface AnnotationLayer {
  name: string;
  annotationType: 'FORMULA' | 'EVENT' | 'INTERVAL' | 'TIME_SERIES';
  sourceType?: string;
  value: string | number | null;
  show: boolean;
  overrides?: Record<string, unknown>;
}

export function annotationLayerValid(l: AnnotationLayer): boolean {
  if (!l.name.trim()) return false;
  if (l.annotationType === 'FORMULA') return typeof l.value === 'string' && l.value.trim() !== '';
  return !!l.sourceType && l.value !== null && l.value !== '';
}

function LayerEditor({
  initial,
  onSave,
  onClose,
}: {
  initial: AnnotationLayer;
  onSave: (l: AnnotationLayer) => void;
  onClose: () => void;
}) {
  const [l, setL] = useState(initial);
  const [nativeLayers, setNativeLayers] = useState<Array<{ id: number; name: string }>>([]);
  useEffect(() => {
    if (l.sourceType !== 'NATIVE') return;
    api
      .get<{ result: Array<{ id: number; name: string }> }>(
        '/api/v1/annotation_layer/?q=(page_size:100)',
      )
      .then((r) => setNativeLayers(r.result))
      .catch(() => setNativeLayers([]));
  }, [l.sourceType]);
  return (
    <Flex vertical gap={8} style={{ width: 320 }} data-test="annotation-layer-editor">
      <Input
        size="small"
        placeholder="Name"
        aria-label="Annotation layer name"
        value={l.name}
        onChange={(e) => setL({ ...l, name: e.target.value })}
      />
      <Select
        size="small"
        aria-label="Annotation layer type"
        value={l.annotationType}
        onChange={(t: AnnotationLayer['annotationType']) =>
          setL({
            ...l,
            annotationType: t,
            sourceType: t === 'FORMULA' ? '' : 'NATIVE',
            value: null,
          })
        }
        options={[
          { value: 'FORMULA', label: 'Formula' },
          { value: 'EVENT', label: 'Event' },
          { value: 'INTERVAL', label: 'Interval' },
          { value: 'TIME_SERIES', label: 'Time series' },
        ]}
      />
      {l.annotationType === 'FORMULA' ? (
        <Input
          size="small"
          placeholder="y = 2 * x + 1"
          aria-label="Formula"
          value={typeof l.value === 'string' ? l.value : ''}
          onChange={(e) => setL({ ...l, value: e.target.value })}
        />
      ) : (
        <>
          <Select
            size="small"
            aria-label="Annotation source"
            value={l.sourceType}
            onChange={(s: string) => setL({ ...l, sourceType: s, value: null })}
            options={[
              ...(l.annotationType === 'TIME_SERIES'
                ? []
                : [{ value: 'NATIVE', label: 'Superset annotation' }]),
              { value: l.annotationType === 'TIME_SERIES' ? 'line' : 'table', label: 'Chart' },
            ]}
          />
          {l.sourceType === 'NATIVE' ? (
            <Select
              size="small"
              aria-label="Annotation layer"
              value={l.value as number | null}
              options={nativeLayers.map((n) => ({ value: n.id, label: n.name }))}
              onChange={(v: number) => setL({ ...l, value: v })}
            />
          ) : (
            <InputNumber
              size="small"
              style={{ width: '100%' }}
              placeholder="Chart id"
              aria-label="Chart id"
              value={typeof l.value === 'number' ? l.value : null}
              onChange={(v) => setL({ ...l, value: v ?? null })}
            />
          )}
        </>
      )}
      <Checkbox checked={l.show} onChange={(e) => setL({ ...l, show: e.target.checked })}>
        Show
      </Checkbox>
      <Flex justify="end" gap={8}>
        <Button size="small" onClick={onClose}>
          Close
        </Button>
        <Button
          size="small"
          type="primary"
          disabled={!annotationLayerValid(l)}
          onClick={() => {
            onSave(l);
            onClose();
          }}
        >
          OK
        </Button>
      </Flex>
    </Flex>
  );
}

export function AnnotationLayerControl({ control, onChange }: ControlProps) {
  const layers = (Array.isArray(control.value) ? control.value : []) as AnnotationLayer[];
  return (
    <PopoverItemList
      items={layers}
      label={(l) => l.name}
      tagStyle={(l) => ({ opacity: l.show ? 1 : 0.5 })}
      onRemove={(i) => onChange(layers.filter((_, j) => j !== i))}
      addLabel="Add annotation layer"
      editor={(index, close) => (
        <LayerEditor
          initial={
            index === 'new'
              ? { name: '', annotationType: 'FORMULA', sourceType: '', value: null, show: true }
              : layers[index]!
          }
          onClose={close}
          onSave={(l) =>
            onChange(index === 'new' ? [...layers, l] : layers.map((x, j) => (j === index ? l : x)))
          }
        />
      )}
    />
  );
}
