/** Renders a control by its type; a type not built yet says so instead of vanishing. */
import type { ComponentType } from 'react';
import { Typography } from 'antd';
import { AdhocFilterControl } from './AdhocFilterControl';
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
import { ColumnSelectControl } from './ColumnSelectControl';
import { ControlHeader } from './ControlHeader';
import { DateFilterControl } from './DateFilterControl';
import { MetricsControl } from './MetricsControl';
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
};

export function Control(props: ControlProps) {
  const { control } = props;
  if (!control.visible || control.type === 'HiddenControl') return null;
  const Component = CONTROLS[control.type];
  return (
    <div style={{ marginBottom: 12 }} data-test={`control-${control.name}`}>
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
