/**
 * The numerical range filter's control (loaded on demand): the column's MIN and MAX from a chart
 * data query, a two-handle slider between them and two number inputs. Only the bounds the viewer
 * set filter (`>=`, `<=`); a minimum above the maximum is reported with Superset's message and
 * emitted as an error mask, which keeps "Apply filters" disabled.
 *
 * With a single value type (`controlValues.enableSingleValue`, Superset's SingleValueType) the
 * control has one handle and one number input: Minimum filters `>= v`, Exact `== v`, Maximum
 * `<= v` (the masks of `filterMasks.ts`), with Superset's hint under it.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Flex, InputNumber, Slider, Spin, Typography, theme } from 'antd';
import type { DataMask } from '@strata/charts';
import { rangeBoundsQuery, rangeFromResult } from './choicesQuery';
import { ControlError } from './ControlError';
import type { FilterControlProps } from './FilterControl';
import {
  maskFromValue,
  RANGE_ORDER_MESSAGE,
  rangeSingleValueType,
  SINGLE_VALUE_HINTS,
  SingleValueType,
  singleRangeValue,
  singleValueOf,
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

const numberOrNull = (v: number | string | null): number | null =>
  typeof v === 'number' && Number.isFinite(v) ? v : null;

const SLIDER_STYLE = { margin: '6px 6px 10px' } as const;

export default function RangeFilter({
  filter,
  mask,
  parentMasks,
  onChange,
  queryData,
}: FilterControlProps) {
  const { token } = theme.useToken();
  const ctx = rangeBoundsQuery(filter, parentMasks);
  const { answer, loading } = useFilterQuery(ctx, queryData);
  const bounds = rangeFromResult(answer?.result);
  const single = rangeSingleValueType(filter);

  const value = valueFromMask(filter, mask) as RangeValue | null;
  const [draft, setDraft] = useState<RangeValue>(value ?? [null, null]);
  // The range as last emitted or received: a slider handle dropped at its end stays "no bound"
  // when that bound was not set before the drag (the draft follows the drag).
  const settled = useRef<RangeValue>(draft);
  const [error, setError] = useState<string | null>(null);

  // The mask may change from outside (Clear all, a permalink, the single value type changed in
  // the configuration): the inputs follow it, unless it is the mask this control just emitted.
  const stateKey = stableStringify(mask?.filterState ?? null);
  const emitted = useRef<string | null>(null);
  const latestValue = useRef(value);
  const shownType = useRef(single);
  useLayoutEffect(() => {
    latestValue.current = value;
  });
  useEffect(() => {
    const typeChanged = shownType.current !== single;
    shownType.current = single;
    if (!typeChanged && emitted.current === stateKey) return;
    const next = latestValue.current ?? [null, null];
    settled.current = next;
    setDraft(next);
    setError(null);
  }, [stateKey, single]);

  const emit = (next: RangeValue) => {
    setDraft(next);
    settled.current = next;
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

  if (single !== undefined) {
    const current = singleValueOf(single, draft);
    const isMax = single === SingleValueType.Maximum;
    // The end a handle rests at while no value is set, where it means "no bound".
    const rest = isMax ? max : min;
    return (
      <div data-test="range-filter" data-single-value={single}>
        {hasBounds ? (
          <Slider
            min={min}
            max={max}
            step={stepBetween(min, max)}
            value={current ?? rest ?? undefined}
            // Exact marks one point; Minimum colours what is kept, from the handle to the end.
            included={single !== SingleValueType.Exact}
            styles={
              single === SingleValueType.Minimum
                ? {
                    rail: { background: token.colorPrimaryBorder },
                    track: { background: token.colorFillSecondary },
                  }
                : undefined
            }
            onChange={(v: number) => setDraft(singleRangeValue(single, v))}
            onChangeComplete={(v: number) => {
              const before = singleValueOf(single, settled.current);
              const unset = single !== SingleValueType.Exact && v === rest && before === null;
              emit(singleRangeValue(single, unset ? null : v));
            }}
            style={SLIDER_STYLE}
          />
        ) : null}
        <InputNumber
          size="small"
          style={{ width: '100%' }}
          aria-label={
            isMax
              ? `${filter.name} maximum`
              : single === SingleValueType.Exact
                ? `${filter.name} value`
                : `${filter.name} minimum`
          }
          data-test={isMax ? 'range-filter-to-input' : 'range-filter-from-input'}
          placeholder={rest === null ? undefined : String(rest)}
          value={current}
          onChange={(v: number | string | null) => emit(singleRangeValue(single, numberOrNull(v)))}
        />
        <Typography.Text
          type="secondary"
          style={{ display: 'block', fontSize: 12, marginTop: 4 }}
          data-test="range-filter-hint"
        >
          {SINGLE_VALUE_HINTS[single]}
        </Typography.Text>
        {answer?.error && !loading ? <ControlError message={answer.error} /> : null}
      </div>
    );
  }

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
              v[0] === min && settled.current[0] === null ? null : (v[0] ?? null),
              v[1] === max && settled.current[1] === null ? null : (v[1] ?? null),
            ])
          }
          style={SLIDER_STYLE}
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
          onChange={(v: number | string | null) => emit([numberOrNull(v), hi])}
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
          onChange={(v: number | string | null) => emit([lo, numberOrNull(v)])}
        />
      </Flex>
      {error ? <ControlError message={error} /> : null}
      {answer?.error && !loading ? <ControlError message={answer.error} /> : null}
    </div>
  );
}
