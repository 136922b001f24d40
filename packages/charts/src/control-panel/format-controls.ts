/** The number and date format controls chart types share (free-form d3 formats, redraw only). */
import { NUMBER_FORMAT_OPTIONS, TIME_FORMAT_OPTIONS } from '@strata/core';
import type { ControlSetRow } from './types.js';

export const numberFormatRow: ControlSetRow = [
  {
    name: 'number_format',
    config: {
      type: 'SelectControl',
      label: 'Number format',
      default: 'SMART_NUMBER',
      renderTrigger: true,
      props: { freeForm: true, choices: NUMBER_FORMAT_OPTIONS },
      description: 'D3 format syntax: https://github.com/d3/d3-format',
    },
  },
];

export const dateFormatRow: ControlSetRow = [
  {
    name: 'date_format',
    config: {
      type: 'SelectControl',
      label: 'Date format',
      default: 'smart_date',
      renderTrigger: true,
      props: { freeForm: true, choices: TIME_FORMAT_OPTIONS },
      description: 'D3 time format syntax: https://github.com/d3/d3-time-format',
    },
  },
];
