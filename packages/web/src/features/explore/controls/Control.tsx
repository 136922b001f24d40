/** Renders a control by its type; a type not built yet says so instead of vanishing. */
import type { ComponentType } from 'react';
import { Typography } from 'antd';
import { useDndContext, useDroppable } from '@dnd-kit/core';
import { acceptsDrop, type DragItem } from '../dnd';
import { AdhocFilterControl } from './AdhocFilterControl';
import { AnnotationLayerControl } from './AnnotationLayerControl';
import { ConditionalFormattingControl } from './ConditionalFormattingControl';
import { FixedOrMetricControl } from './FixedOrMetricControl';
import {
  BoundsControl,
  CheckboxControl,
  ColorPickerControl,
  ColorSchemeControl,
  RadioButtonControl,
  SelectControl,
  SliderControl,
  TextAreaControl,
  TextControl,
} from './BasicControls';
import { CollectionControl } from './CollectionControl';
import { ColumnConfigControl } from './ColumnConfigControl';
import { ColumnSelectControl } from './ColumnSelectControl';
import { ControlHeader } from './ControlHeader';
import { DateFilterControl } from './DateFilterControl';
import { MetricsControl } from './MetricsControl';
import { ViewportControl } from './ViewportControl';
import { SelectAsyncControl } from './SelectAsyncControl';
import { SpatialControl } from './SpatialControl';
import type { ControlProps } from './types';

const CONTROLS: Partial<Record<string, ComponentType<ControlProps>>> = {
  SelectControl,
  CheckboxControl,
  TextControl,
  TextAreaControl,
  SliderControl,
  RadioButtonControl,
  ColorSchemeControl,
  ColorPickerControl,
  BoundsControl,
  ColumnSelectControl,
  MetricsControl,
  AdhocFilterControl,
  DateFilterControl,
  AnnotationLayerControl,
  ConditionalFormattingControl,
  FixedOrMetricControl,
  XAxisSortControl: SelectControl,
  CollectionControl,
  ColumnConfigControl,
  ViewportControl,
  SelectAsyncControl,
  SpatialControl,
};

export function Control(props: ControlProps) {
  const { control } = props;
  const { setNodeRef, isOver } = useDroppable({ id: `control:${control.name}`, data: { control } });
  const { active } = useDndContext();
  if (!control.visible || control.type === 'HiddenControl') return null;
  const Component = CONTROLS[control.type];
  const dragged = active?.data.current as DragItem | undefined;
  const accepts = dragged !== undefined && acceptsDrop(control, dragged);
  return (
    <div
      ref={setNodeRef}
      style={{
        marginBottom: 12,
        borderRadius: 4,
        outline: accepts ? `1px dashed ${isOver ? '#1FA8C9' : '#bbb'}` : undefined,
        background: accepts && isOver ? '#e8f6fa' : undefined,
      }}
      data-test={`control-${control.name}`}
    >
      {control.type === 'CheckboxControl' ? null : (
        <ControlHeader
          label={control.label}
          description={control.description}
          errors={control.validationErrors}
        />
      )}
      {Component ? (
        <Component {...props} />
      ) : (
        <Typography.Text type="secondary">
          This control ({control.type}) is not available yet.
        </Typography.Text>
      )}
    </div>
  );
}
