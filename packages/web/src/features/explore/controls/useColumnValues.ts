/**
 * The filter editor's value suggestions: the column's values searched on the server as the
 * user types (debounced by the controls' default delay, spec 001 §9), the previous request
 * aborted at each change (spec 001 §7). A failure leaves no suggestions; typing still works.
 */
import { useEffect, useState } from 'react';
import { CONTROL_DEBOUNCE_MS } from '@strata/core';
import { isAbortError } from '../../../app/api';
import { fetchColumnValues, type ColumnValue } from '../datasourceApi';

export function useColumnValues(
  datasource: { type: string; id: number } | null,
  column: string | null,
  search: string,
  enabled: boolean,
): { values: ColumnValue[]; loading: boolean } {
  const [state, setState] = useState<{ values: ColumnValue[]; loading: boolean }>({
    values: [],
    loading: false,
  });
  const type = datasource?.type ?? null;
  const id = datasource?.id ?? null;
  useEffect(() => {
    if (!enabled || type === null || id === null || !column) {
      setState({ values: [], loading: false });
      return;
    }
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true }));
    const timer = setTimeout(
      () => {
        fetchColumnValues({ type, id }, column, search, controller.signal)
          .then((values) => setState({ values, loading: false }))
          .catch((e: unknown) => {
            if (!isAbortError(e)) setState({ values: [], loading: false });
          });
      },
      search.trim() ? CONTROL_DEBOUNCE_MS.default : 0,
    );
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [type, id, column, search, enabled]);
  return state;
}
