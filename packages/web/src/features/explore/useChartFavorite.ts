import { useCallback, useEffect, useState } from 'react';
import { formatMessage, MESSAGES, risonEncode } from '@strata/core';
import { api, errorMessage } from '../../app/api';
import { useToasts } from '../../app/toasts';

/** The star of a saved chart: fetched, then POST to star or DELETE to unstar, flipped on success. */
export function useChartFavorite(sliceId: number | null) {
  const toasts = useToasts();
  const [starred, setStarred] = useState(false);
  useEffect(() => {
    if (sliceId === null) return;
    api
      .get<{ result: Array<{ id: number; value: boolean }> }>(
        `/api/v1/chart/favorite_status/?q=${encodeURIComponent(risonEncode([sliceId]))}`,
      )
      .then((r) => setStarred(r.result[0]?.value === true))
      .catch((e: unknown) =>
        toasts.addDangerToast(formatMessage(MESSAGES.favoriteStatusFetchError, errorMessage(e))),
      );
  }, [sliceId, toasts]);
  const toggle = useCallback(() => {
    if (sliceId === null) return;
    const path = `/api/v1/chart/${sliceId}/favorites/`;
    (starred ? api.delete(path) : api.post(path))
      .then(() => setStarred(!starred))
      .catch(() => toasts.addDangerToast(MESSAGES.starChartError));
  }, [sliceId, starred, toasts]);
  return { starred, toggle };
}
