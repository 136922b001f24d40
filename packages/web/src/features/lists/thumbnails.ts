/**
 * The card views' thumbnails (THUMBNAILS), pure parts: which addresses are thumbnails, and how
 * long to wait before asking again while the server answers 202 (it is making the picture).
 * A few tries with a growing wait, then the card keeps its drawn cover.
 */
import { THUMBNAIL_DIGEST } from '@strata/core';

/** Waits before each new ask after a 202: about half a minute in all. */
export const THUMBNAIL_RETRY_DELAYS_MS: readonly number[] = [1_000, 2_000, 4_000, 8_000, 15_000];

/** The wait before try `attempt + 1` after `attempt` answers of 202 (1-based); null: give up. */
export function thumbnailRetryDelay(attempt: number): number | null {
  return THUMBNAIL_RETRY_DELAYS_MS[attempt - 1] ?? null;
}

/** Whether a list's `thumbnail_url` is one of ours (anything else is not fetched). */
export function isThumbnailPath(url: string | null | undefined): url is string {
  const m = /^\/api\/v1\/(chart|dashboard)\/\d{1,10}\/thumbnail\/([^/]+)\/$/.exec(url ?? '');
  return !!m && THUMBNAIL_DIGEST.test(m[2]!);
}
