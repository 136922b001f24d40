/**
 * Thumbnails (issue 21 point 7, Superset's THUMBNAILS flag): the pictures of charts and
 * dashboards the list card views show. The list answers carry `thumbnail_url`
 * (`/api/v1/{chart|dashboard}/{id}/thumbnail/{digest}/`); that address answers the PNG when it
 * is made, 202 while it is being made, a redirect to the current digest when the object changed,
 * 404 when the object is unknown or not readable. Shared by the server (validation, OpenAPI)
 * and the web (the card views' loader).
 */
import { z } from 'zod';

export const THUMBNAILS_FLAG = 'THUMBNAILS';

export type ThumbnailKind = 'chart' | 'dashboard';

/**
 * Superset's sizes (`utils/screenshots.py`): a chart is drawn in an 800×600 window and kept at
 * that size; a dashboard in a 1600×1200 window, kept at 800×600.
 */
export const THUMBNAIL_SIZES: Readonly<
  Record<
    ThumbnailKind,
    { window: { width: number; height: number }; thumb: { width: number; height: number } }
  >
> = {
  chart: { window: { width: 800, height: 600 }, thumb: { width: 800, height: 600 } },
  dashboard: { window: { width: 1600, height: 1200 }, thumb: { width: 800, height: 600 } },
};

/** A digest: the hex SHA-256 of what the picture is made from (`thumbnails/digest.ts`). */
export const THUMBNAIL_DIGEST = /^[0-9a-f]{64}$/;

/** The picture's address for an object at a digest. */
export function thumbnailPath(kind: ThumbnailKind, id: number, digest: string): string {
  return `/api/v1/${kind}/${id}/thumbnail/${digest}/`;
}

/** `GET /api/v1/{chart|dashboard}/{id}/thumbnail/{digest}/`: the path's parts. */
export const thumbnailParams = z.object({
  id: z.string().max(20),
  digest: z.string().max(128),
});

/** The 202 answer: the picture is being made (Superset's `{"message": "OK"}`). */
export const thumbnailPendingAnswer = z.object({ message: z.literal('OK') });
export type ThumbnailPendingAnswer = z.infer<typeof thumbnailPendingAnswer>;

/** A 404's answer (unknown or unreadable object, or a picture that could not be made). */
export const thumbnailMissingAnswer = z.object({ message: z.string() });

export const THUMBNAIL_MESSAGES = {
  notFound: 'Not found',
  failed: 'The thumbnail could not be made',
  noExecutor: 'There is no user to make the thumbnail as',
} as const;
