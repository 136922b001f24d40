/**
 * The numerical range filter's control (loaded on demand): the column's MIN and MAX from a chart
 * data query, a two-handle slider between them and two number inputs. Only the bounds the viewer
 * set filter (`>=`, `<=`); a minimum above the maximum is reported with Superset's message and
 * emitted as an error mask, which keeps "Apply filters" disabled.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Flex, InputNumber, Slider, Spin } from 'antd';
import type { DataMask } from '@strata/charts';
import { rangeBoundsQuery, rangeFromResult } from './choicesQuery';
import { ControlError } from './ControlError';
import type { FilterControlProps } from './FilterControl';
import {
  maskFromValue,
  RANGE_ORDER_MESSAGE,
  stableStringify,
  valueFromMask,
  type RangeValue,
} from './filterMasks';
import { useFilterQuery } from './useFilterQuery';

/** Superset's text when the range filter's column is not numeric. */
export const NON_NUMERIC_COLUMN = 'Chosen non-numeric column';

const stepBetween = (min: number, max: number): number => {
  if (Number.isInteger(min) && Number.isInteger(max)) return 1;
  const span = max - min;
  return span > 0 ? span / 100 : 1;
};

export default function RangeFilter({
  filter,
  mask,
  parentMasks,
  onChange,
  queryData,
}: FilterControlProps) {
  const ctx = rangeBoundsQuery(filter, parentMasks);
  const { answer, loading } = useFilterQuery(ctx, queryData);
  const bounds = rangeFromResult(answer?.result);

  const value = valueFromMask(filter, mask) as RangeValue | null;
  const [draft, setDraft] = useState<RangeValue>(value ?? [null, null]);
  const [error, setError] = useState<string | null>(null);

  // The mask may change from outside (Clear all, a permalink): the inputs follow it, unless
  // it is the mask this control just emitted.
  const stateKey = stableStringify(mask?.filterState ?? null);
  const emitted = useRef<string | null>(null);
  const latestValue = useRef(value);
  useLayoutEffect(() => {
    latestValue.current = value;
  });
  useEffect(() => {
    if (emitted.current === stateKey) return;
    setDraft(latestValue.current ?? [null, null]);
    setError(null);
  }, [stateKey]);

  const emit = (next: RangeValue) => {
    setDraft(next);
    const [lo, hi] = next;
    let out: DataMask;
    if (lo !== null && hi !== null && lo > hi) {
      setError(RANGE_ORDER_MESSAGE);
      out = {
        extraFormData: {},
        filterState: { value: null, validateStatus: 'error', validateMessage: RANGE_ORDER_MESSAGE },
      };
    } else {
      setError(null);
      out = maskFromValue(filter, next);
    }
    emitted.current = stableStringify(out.filterState ?? null);
    onChange(out);
  };

  if (loading && !answer) return <Spin size="small" />;
  if (bounds.nonNumeric) return <ControlError message={NON_NUMERIC_COLUMN} />;
  const { min, max } = bounds;
  const hasBounds = min !== null && max !== null;
  const [lo, hi] = draft;
  return (
    <div data-test="range-filter">
      {hasBounds ? (
        <Slider
          range
          min={min}
          max={max}
          step={stepBetween(min, max)}
          value={[lo ?? min, hi ?? max]}
          onChange={(v: number[]) => setDraft([v[0] ?? null, v[1] ?? null])}
          onChangeComplete={(v: number[]) =>
            // A handle left at its end stays "no bound".
            emit([
              v[0] === min && lo === null ? null : (v[0] ?? null),
              v[1] === max && hi === null ? null : (v[1] ?? null),
            ])
          }
          style={{ margin: '6px 6px 10px' }}
        />
      ) : null}
      <Flex gap={8} align="center">
        <InputNumber
          size="small"
          style={{ flex: 1, minWidth: 0 }}
          aria-label={`${filter.name} minimum`}
          data-test="range-filter-from-input"
          placeholder={min === null ? undefined : String(min)}
          status={error ? 'error' : undefined}
          value={lo}
          onChange={(v: number | string | null) =>
            emit([typeof v === 'number' && Number.isFinite(v) ? v : null, hi])
          }
        />
        <span aria-hidden>-</span>
        <InputNumber
          size="small"
          style={{ flex: 1, minWidth: 0 }}
          aria-label={`${filter.name} maximum`}
          data-test="range-filter-to-input"
          placeholder={max === null ? undefined : String(max)}
          status={error ? 'error' : undefined}
          value={hi}
          onChange={(v: number | string | null) =>
            emit([lo, typeof v === 'number' && Number.isFinite(v) ? v : null])
          }
        />
      </Flex>
      {error ? <ControlError message={error} /> : null}
      {answer?.error && !loading ? <ControlError message={answer.error} /> : null}
    </div>
  );
}
