import { useEffect, useState } from 'react';
import { api, errorMessage, isAbortError } from './api';

export interface ApiData<T> {
  data: T | null;
  loading: boolean;
  error: string | null;
}

/** GETs a URL when it changes (null: nothing to load); earlier requests are aborted. */
export function useApiData<T>(url: string | null, onError?: (message: string) => void): ApiData<T> {
  const [state, setState] = useState<ApiData<T>>({
    data: null,
    loading: url !== null,
    error: null,
  });

  useEffect(() => {
    if (url === null) return undefined;
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true }));
    api
      .get<T>(url, { signal: controller.signal })
      .then((data) => setState({ data, loading: false, error: null }))
      .catch((e: unknown) => {
        if (isAbortError(e)) return;
        const message = errorMessage(e);
        setState({ data: null, loading: false, error: message });
        onError?.(message);
      });
    return () => controller.abort();
    // onError is a notification only; a new function each render must not reload.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [url]);

  return state;
}
