/** Lists: default page size and the largest page a client may ask for. */
export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;
/** Lists sort by last change, newest first, unless asked otherwise. */
export const DEFAULT_ORDER_COLUMN = 'changed_on_delta_humanized';
/** Recent activity: page size, and items shown per group on the home page. */
export const RECENT_ACTIVITY_PAGE_SIZE = 5;
export const RECENT_ACTIVITY_ITEMS_PER_GROUP = 3;
/** Event log queue on the web: flush delay and batch size. */
export const LOG_FLUSH_MS = 1000;
export const LOG_BATCH_SIZE = 1024;
/** Labels longer than 42 characters are cut to 40 plus dots. */
export const LABEL_MAX_LENGTH = 42;
export const LABEL_TRUNCATED_LENGTH = 40;
/** Avatar groups show up to 4 owners. */
export const MAX_OWNER_AVATARS = 4;
/** Header carrying the CSRF token on state-changing cookie-authenticated requests. */
export const CSRF_HEADER = 'X-CSRFToken';
/**
 * The id of the JSON data block a page may carry with the answers of the calls it makes first
 * (a dashboard page: the dashboard, its charts, its datasets), keyed by API path.
 */
export const PRELOADED_ANSWERS_ELEMENT_ID = 'strata-preloaded';
/** Built-in role names. */
export const ROLE_ADMIN = 'Admin';
export const ROLE_ALPHA = 'Alpha';
export const ROLE_GAMMA = 'Gamma';
export const ROLE_SQL_LAB = 'sql_lab';
export const ROLE_PUBLIC = 'Public';
export const BUILTIN_ROLES = [
  ROLE_ADMIN,
  ROLE_ALPHA,
  ROLE_GAMMA,
  ROLE_SQL_LAB,
  ROLE_PUBLIC,
] as const;
