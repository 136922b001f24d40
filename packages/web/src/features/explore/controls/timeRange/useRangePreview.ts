/**
 * The "Actual time range" preview: `GET /api/v1/time_range/?q=<rison>` through the web's API
 * module, debounced (§9's default, 250 ms); the evaluated range as text, or the server's message.
 */
import { useEffect, useState } from 'react';
import { risonEncode } from '@strata/core';
import { api, errorMessage, isAbortError } from '../../../../app/api';
import { formatActualRange } from './model';

export const RANGE_PREVIEW_DEBOUNCE_MS = 250;

interface Evaluated {
  since?: string | null;
  until?: string | null;
}

export interface RangePreview {
  /** `since ≤ col < until`, or null while loading or on error. */
  text: string | null;
  error: string | null;
  loading: boolean;
}

export function useRangePreview(range: string): RangePreview {
  const [state, setState] = useState<RangePreview>({ text: null, error: null, loading: true });
  useEffect(() => {
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true }));
    const timer = setTimeout(() => {
      api
        .get<{ result: Evaluated[] | Evaluated }>(
          `/api/v1/time_range/?q=${encodeURIComponent(risonEncode(range))}`,
          { signal: controller.signal },
        )
        .then((r) => {
          const p = Array.isArray(r.result) ? r.result[0] : r.result;
          setState({
            text: formatActualRange(p?.since ?? '', p?.until ?? ''),
            error: null,
            loading: false,
          });
        })
        .catch((e: unknown) => {
          if (!isAbortError(e)) setState({ text: null, error: errorMessage(e), loading: false });
        });
    }, RANGE_PREVIEW_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [range]);
  return state;
}
