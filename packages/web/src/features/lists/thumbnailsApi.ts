/**
 * The thumbnails' API module (THUMBNAILS): one ask of a list's `thumbnail_url`. The server
 * answers the PNG (200), 202 while it makes it, a redirect to the current digest (followed by
 * the browser), or 404 when there is none to show.
 */
import { api } from '../../app/api';
import { isThumbnailPath } from './thumbnails';

export type ThumbnailFetch =
  { state: 'ready'; image: Blob } | { state: 'pending' } | { state: 'none' };

export async function fetchThumbnail(url: string, signal?: AbortSignal): Promise<ThumbnailFetch> {
  if (!isThumbnailPath(url)) return { state: 'none' };
  let res: Response;
  try {
    res = await api.getRaw(url, { signal, redirectOnUnauthorized: false });
  } catch (e) {
    if (signal?.aborted) throw e;
    return { state: 'none' };
  }
  if (res.status === 202) {
    await res.body?.cancel();
    return { state: 'pending' };
  }
  const image = await res.blob();
  return image.type.startsWith('image/') ? { state: 'ready', image } : { state: 'none' };
}
