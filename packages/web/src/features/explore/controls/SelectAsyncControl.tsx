/**
 * A select whose choices come from the API (`props.dataEndpoint`, Superset's SelectAsyncControl):
 * the answer's `result` items mapped by `valueKey`/`labelKey`; one or many values. With
 * `searchColumn` (a list call's column), what the user types is also searched on the server
 * (the first page may not hold every item), and chosen values the first page did not bring are
 * looked up by id so they show their names.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { formatMessage, MESSAGES } from '@strata/core';
import { Select } from '../../../components/Select';
import { errorMessage } from '../../../app/api';
import { asyncSelectEndpoint, fetchAsyncSelectAnswer, withListFilter } from '../asyncSelectApi';
import { useToasts } from '../../../app/toasts';
import type { ControlProps } from './types';

type Item = Record<string, unknown>;
type Option = { value: string | number; label: string };

const SEARCH_DELAY_MS = 300;

/** The options of an answer: `result` items (or the answer itself when it is a list). */
export function asyncOptions(answer: unknown, valueKey = 'id', labelKey = 'name'): Option[] {
  const items = Array.isArray(answer)
    ? answer
    : Array.isArray((answer as { result?: unknown } | null)?.result)
      ? (answer as { result: unknown[] }).result
      : [];
  return (items as Item[])
    .filter((i) => i && (typeof i[valueKey] === 'string' || typeof i[valueKey] === 'number'))
    .map((i) => ({
      value: i[valueKey] as string | number,
      label: String(i[labelKey] ?? i[valueKey]),
    }));
}

/** Options of several answers, each value once (the first label kept). */
export function mergeOptions(...lists: Option[][]): Option[] {
  const seen = new Map<string | number, Option>();
  for (const list of lists) for (const o of list) if (!seen.has(o.value)) seen.set(o.value, o);
  return [...seen.values()];
}

const valuesOf = (value: unknown): Array<string | number> =>
  (Array.isArray(value) ? value : value === null || value === undefined ? [] : [value]).filter(
    (v): v is string | number => typeof v === 'string' || typeof v === 'number',
  );

export function SelectAsyncControl({ control, onChange }: ControlProps) {
  const p = control.props;
  const endpoint = asyncSelectEndpoint(p.dataEndpoint);
  const valueKey = (p.valueKey as string | undefined) ?? 'id';
  const labelKey = (p.labelKey as string | undefined) ?? 'name';
  const searchColumn = typeof p.searchColumn === 'string' ? p.searchColumn : null;
  const [options, setOptions] = useState<Option[]>([]);
  const [found, setFound] = useState<Option[]>([]);
  const [known, setKnown] = useState<Option[]>([]);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [loaded, setLoaded] = useState(false);
  const toasts = useToasts();
  const search = useRef<{ timer?: ReturnType<typeof setTimeout>; controller?: AbortController }>(
    {},
  );

  useEffect(() => {
    if (!endpoint) return undefined;
    const controller = new AbortController();
    setLoading(true);
    fetchAsyncSelectAnswer(endpoint, controller.signal)
      .then((answer) => {
        setOptions(asyncOptions(answer, valueKey, labelKey));
        setLoaded(true);
      })
      .catch((e: unknown) => {
        if (controller.signal.aborted) return;
        setError(errorMessage(e));
        toasts.addDangerToast(formatMessage(MESSAGES.errorWhileFetchingData, errorMessage(e)));
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [endpoint, valueKey, labelKey, toasts]);

  // Chosen values the first page did not bring: looked up by id, for their names.
  const chosen = valuesOf(control.value);
  const missing = loaded
    ? chosen.filter((v) => ![...options, ...found, ...known].some((o) => o.value === v))
    : [];
  const missingKey = JSON.stringify(missing);
  useEffect(() => {
    if (!endpoint || !searchColumn || missing.length === 0) return undefined;
    const url = withListFilter(endpoint, { col: valueKey, opr: 'in', value: missing });
    if (!url) return undefined;
    const controller = new AbortController();
    fetchAsyncSelectAnswer(url, controller.signal)
      .then((answer) =>
        setKnown((prev) => mergeOptions(prev, asyncOptions(answer, valueKey, labelKey))),
      )
      .catch(() => undefined);
    return () => controller.abort();
    // Keyed by the missing values' text.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [endpoint, searchColumn, missingKey, valueKey, labelKey]);

  useEffect(() => {
    const s = search.current;
    return () => {
      clearTimeout(s.timer);
      s.controller?.abort();
    };
  }, []);

  const onSearch = (text: string) => {
    const s = search.current;
    clearTimeout(s.timer);
    s.controller?.abort();
    if (!endpoint || !searchColumn || text.trim() === '') {
      setFound([]);
      return;
    }
    const url = withListFilter(endpoint, { col: searchColumn, opr: 'ct', value: text.trim() });
    if (!url) return;
    s.timer = setTimeout(() => {
      const controller = new AbortController();
      s.controller = controller;
      setLoading(true);
      fetchAsyncSelectAnswer(url, controller.signal)
        .then((answer) => setFound(asyncOptions(answer, valueKey, labelKey)))
        .catch((e: unknown) => {
          if (!controller.signal.aborted) setError(errorMessage(e));
        })
        .finally(() => {
          if (!controller.signal.aborted) setLoading(false);
        });
    }, SEARCH_DELAY_MS);
  };

  const shown = useMemo(() => mergeOptions(options, found, known), [options, found, known]);
  return (
    <Select
      size="small"
      style={{ width: '100%' }}
      aria-label={control.label}
      mode={p.multi === true ? 'multiple' : undefined}
      allowClear
      showSearch
      optionFilterProp="label"
      loading={loading}
      placeholder={typeof p.placeholder === 'string' ? p.placeholder : undefined}
      value={(control.value ?? (p.multi ? [] : null)) as never}
      options={shown}
      notFoundContent={error ?? (loading ? 'Loading...' : 'No results')}
      {...(searchColumn ? { onSearch } : {})}
      onChange={(v) => {
        // A value found by a search keeps its name once the search is gone.
        const picked = valuesOf(v);
        setKnown((prev) =>
          mergeOptions(
            prev,
            found.filter((o) => picked.includes(o.value)),
          ),
        );
        onChange(v ?? null);
      }}
    />
  );
}
