/**
 * A select whose choices come from the API (`props.dataEndpoint`, Superset's SelectAsyncControl):
 * the answer's `result` items mapped by `valueKey`/`labelKey`; one or many values.
 */
import { useEffect, useState } from 'react';
import { Select } from 'antd';
import { api, errorMessage } from '../../../app/api';
import type { ControlProps } from './types';

type Item = Record<string, unknown>;

/** The options of an answer: `result` items (or the answer itself when it is a list). */
export function asyncOptions(
  answer: unknown,
  valueKey = 'id',
  labelKey = 'name',
): Array<{ value: string | number; label: string }> {
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

export function SelectAsyncControl({ control, onChange }: ControlProps) {
  const p = control.props;
  const endpoint =
    typeof p.dataEndpoint === 'string' && p.dataEndpoint.startsWith('/api/')
      ? p.dataEndpoint
      : null;
  const [options, setOptions] = useState<Array<{ value: string | number; label: string }>>([]);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!endpoint) return undefined;
    const controller = new AbortController();
    api
      .get<unknown>(endpoint, { signal: controller.signal })
      .then((answer) =>
        setOptions(asyncOptions(answer, p.valueKey as string, p.labelKey as string)),
      )
      .catch((e: unknown) => !controller.signal.aborted && setError(errorMessage(e)));
    return () => controller.abort();
  }, [endpoint, p.valueKey, p.labelKey]);
  return (
    <Select
      size="small"
      style={{ width: '100%' }}
      aria-label={control.label}
      mode={p.multi === true ? 'multiple' : undefined}
      allowClear
      showSearch
      optionFilterProp="label"
      value={(control.value ?? (p.multi ? [] : null)) as never}
      options={options}
      notFoundContent={error ?? 'No results'}
      onChange={(v) => onChange(v ?? null)}
    />
  );
}
