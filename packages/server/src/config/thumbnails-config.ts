/**
 * Thumbnails (issue 21 point 7; Superset's THUMBNAIL_EXECUTORS, THUMBNAIL_CACHE_CONFIG's
 * timeout and THUMBNAIL_ERROR_CACHE_TTL), read from the environment with the rest of the config.
 */
import { ConfigError } from './config-error.js';

/**
 * Whose identity a thumbnail is made as (STRATA_THUMBNAIL_EXECUTOR):
 * - `current_user` (the default, as Superset's): the user asking; each user gets a picture of
 *   their own (their id and permissions are in the digest), so nobody ever sees data in a
 *   picture that they could not open themselves.
 * - `owner`, `creator` or a user name (Superset's fixed executors): one picture per object,
 *   made as that user and shown to everyone who may read the object. The operator's choice:
 *   a reader then sees the object as that user sees it (e.g. a dashboard chart whose dataset
 *   the reader may not query).
 */
export type ThumbnailExecutor =
  | { kind: 'current_user' }
  | { kind: 'owner' }
  | { kind: 'creator' }
  | { kind: 'user'; username: string };

export interface ThumbnailsConfig {
  executor: ThumbnailExecutor;
  /** How long a made picture is kept (STRATA_THUMBNAIL_CACHE_TTL, seconds; 7 days). */
  cacheTtlSeconds: number;
  /** How long a failure is kept before the picture is tried again (1 day, as Superset's). */
  errorTtlSeconds: number;
}

export function loadThumbnailsConfig(env: NodeJS.ProcessEnv): ThumbnailsConfig {
  const seconds = (name: string, fallback: number): number => {
    const v = (env[name] ?? '').trim();
    if (v === '') return fallback;
    const n = Number(v);
    if (!Number.isInteger(n) || n < 1 || n > 365 * 86_400)
      throw new ConfigError(`${name} must be a whole number of seconds (1 to a year), got "${v}"`);
    return n;
  };
  const text = (env.STRATA_THUMBNAIL_EXECUTOR ?? '').trim();
  const executor: ThumbnailExecutor =
    text === '' || text === 'current_user'
      ? { kind: 'current_user' }
      : text === 'owner'
        ? { kind: 'owner' }
        : text === 'creator'
          ? { kind: 'creator' }
          : { kind: 'user', username: text };
  return {
    executor,
    cacheTtlSeconds: seconds('STRATA_THUMBNAIL_CACHE_TTL', 7 * 86_400),
    errorTtlSeconds: seconds('STRATA_THUMBNAIL_ERROR_CACHE_TTL', 86_400),
  };
}
