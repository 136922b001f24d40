/**
 * The Simple tab's advanced data type (Superset's useAdvancedDataTypes): for a column with an
 * `advanced_data_type` and ENABLE_ADVANCED_DATA_TYPES, the comparator is sent to `convert` 600 ms
 * after it last changed; the answer gives the display value, the operators allowed and the
 * type's error. A failed call keeps the operators and shows "Failed to retrieve advanced type".
 */
import { useEffect, useState } from 'react';
import { ADVANCED_DATA_TYPE_DEBOUNCE_MS, MESSAGES } from '@strata/core';
import { isAbortError } from '../../../app/api';
import { convertAdvancedDataType } from '../advancedDataTypeApi';
import { advancedValues } from './filterRules';

export interface AdvancedDataTypeState {
  /** The column's type name, or null when the column has none (or the flag is off). */
  type: string | null;
  displayValue: string;
  /** Superset's FilterStringOperators names the type allows (empty until the first answer). */
  operators: string[];
  errorMessage: string;
}

const EMPTY = { displayValue: '', operators: [] as string[], errorMessage: '' };

export function useAdvancedDataType(
  type: string | null | undefined,
  comparator: unknown,
  enabled: boolean,
): AdvancedDataTypeState {
  const active = enabled && !!type ? type : null;
  const [state, setState] = useState(EMPTY);
  const key = JSON.stringify(advancedValues(comparator));
  useEffect(() => {
    if (!active) {
      setState(EMPTY);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      convertAdvancedDataType(active, JSON.parse(key) as string[], controller.signal)
        .then((r) =>
          setState({
            displayValue: r.display_value,
            operators: r.valid_filter_operators,
            errorMessage: r.error_message,
          }),
        )
        .catch((e: unknown) => {
          if (isAbortError(e)) return;
          setState((s) => ({
            displayValue: '',
            operators: s.operators,
            errorMessage: MESSAGES.advancedTypeFailed,
          }));
        });
    }, ADVANCED_DATA_TYPE_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [active, key]);
  return { type: active, ...(active ? state : EMPTY) };
}
