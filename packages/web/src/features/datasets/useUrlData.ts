import { useEffect, useState } from 'react';
import { api, errorMessage, isAbortError } from '../../app/api';

export interface UrlData<T> {
  /** The answer for the current URL (never one for an earlier URL). */
  data: T | null;
  loading: boolean;
  error: string | null;
}

/**
 * GETs a URL (null: nothing) and gives its answer only while the URL stays the same, so a
 * choice made on an earlier answer (e.g. another database's schemas) is never shown as current.
 */
export function useUrlData<T>(url: string | null): UrlData<T> {
  const [state, setState] = useState<{ url: string | null; data: T | null; error: string | null }>({
    url: null,
    data: null,
    error: null,
  });
  useEffect(() => {
    if (url === null) return undefined;
    const controller = new AbortController();
    api
      .get<T>(url, { signal: controller.signal })
      .then((data) => setState({ url, data, error: null }))
      .catch((e: unknown) => {
        if (!isAbortError(e)) setState({ url, data: null, error: errorMessage(e) });
      });
    return () => controller.abort();
  }, [url]);
  const current = url !== null && state.url === url;
  return {
    data: current ? state.data : null,
    error: current ? state.error : null,
    loading: url !== null && !current,
  };
}
