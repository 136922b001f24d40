/**
 * A card's cover with THUMBNAILS (Superset's ListViewCard/ImageLoader): a skeleton while the
 * picture is made (asked again after growing waits, a few times), the picture when it is there,
 * else the card's drawn cover.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Skeleton } from 'antd';
import { CSS_VAR } from '@strata/core';
import { fetchThumbnail } from './thumbnailsApi';
import { thumbnailRetryDelay } from './thumbnails';

/** A pictured cover's shape, the pictures' own (4:3); the drawn cover beside it takes it too. */
export const PICTURE_ASPECT = '4 / 3';

type CoverState = { state: 'loading' } | { state: 'ready'; src: string } | { state: 'none' };

function useThumbnail(url: string): CoverState {
  const [cover, setCover] = useState<CoverState>({ state: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let objectUrl: string | null = null;
    setCover({ state: 'loading' });
    const ask = async (attempt: number) => {
      const got = await fetchThumbnail(url, controller.signal).catch(() => null);
      if (controller.signal.aborted || got === null) return;
      if (got.state === 'ready') {
        objectUrl = URL.createObjectURL(got.image);
        setCover({ state: 'ready', src: objectUrl });
        return;
      }
      const wait = got.state === 'pending' ? thumbnailRetryDelay(attempt) : null;
      if (wait === null) setCover({ state: 'none' });
      else timer = setTimeout(() => void ask(attempt + 1), wait);
    };
    void ask(1);
    return () => {
      controller.abort();
      clearTimeout(timer);
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  return cover;
}

export function ThumbnailCover({
  url,
  alt,
  href,
  fallback,
}: {
  url: string;
  alt: string;
  href?: string | null;
  /** The drawn cover, shown when there is no picture. */
  fallback: ReactNode;
}) {
  const cover = useThumbnail(url);
  if (cover.state === 'none') return <>{fallback}</>;
  return (
    <a href={href ?? undefined} aria-label={alt} tabIndex={-1}>
      <div
        data-test="card-thumbnail"
        data-state={cover.state}
        style={{
          aspectRatio: PICTURE_ASPECT,
          overflow: 'hidden',
          background: CSS_VAR.fill,
          // A white chart on a white card: the picture keeps an edge.
          border: `1px solid ${CSS_VAR.borderSecondary}`,
          borderRadius: '8px 8px 0 0',
        }}
      >
        {cover.state === 'ready' ? (
          <img
            src={cover.src}
            alt={alt}
            style={{
              width: '100%',
              height: '100%',
              objectFit: 'cover',
              objectPosition: 'top left',
            }}
          />
        ) : (
          <Skeleton.Node active style={{ width: '100%', height: '100%' }} />
        )}
      </div>
    </a>
  );
}
