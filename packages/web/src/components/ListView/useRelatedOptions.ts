import { useEffect, useState } from 'react';
import type { RelatedResponse } from '@strata/core';
import { api, errorMessage, isAbortError, relatedUrl } from '../../app/api';

/** Search debounce of select filters (the spec's default 250 ms). */
export const SEARCH_DEBOUNCE_MS = 250;

export interface RelatedOption {
  value: string | number;
  label: string;
}

/**
 * Options of a select loaded from `related/{column}` or `distinct/{column}` while it is open,
 * searched as one types (debounced), the earlier request aborted by a newer one.
 */
export function useRelatedOptions(
  resource: string,
  source: 'related' | 'distinct',
  column: string,
  open: boolean,
  search: string,
): { options: RelatedOption[]; loading: boolean; loadError: string } {
  const [options, setOptions] = useState<RelatedOption[]>([]);
  const [loading, setLoading] = useState(false);
  const [loadError, setLoadError] = useState('');

  useEffect(() => {
    if (!open) return undefined;
    const controller = new AbortController();
    const timer = setTimeout(
      () => {
        setLoading(true);
        api
          .get<RelatedResponse>(relatedUrl(resource, source, column, search), {
            signal: controller.signal,
          })
          .then((res) => {
            setOptions(
              (res.result ?? []).map((r) => ({ value: r.value, label: String(r.text ?? r.value) })),
            );
            setLoadError('');
          })
          .catch((e: unknown) => {
            if (isAbortError(e)) return;
            setOptions([]);
            setLoadError(errorMessage(e));
          })
          .finally(() => {
            if (!controller.signal.aborted) setLoading(false);
          });
      },
      search ? SEARCH_DEBOUNCE_MS : 0,
    );
    return () => {
      clearTimeout(timer);
      controller.abort();
      // An aborted request never settles its `finally`: no spinner left behind a closed select.
      setLoading(false);
    };
  }, [open, search, resource, source, column]);

  return { options, loading, loadError };
}
