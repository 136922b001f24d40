import { itemUrl, resourceBase } from '../../app/api';

export const DATABASE_RESOURCE = 'database';

const base = resourceBase(DATABASE_RESOURCE);

/** The database endpoints the connection modal uses. */
export const DATABASE_URLS = {
  available: `${base}/available/`,
  testConnection: `${base}/test_connection/`,
  validateParameters: `${base}/validate_parameters/`,
  create: `${base}/`,
  item: (id: number) => itemUrl(DATABASE_RESOURCE, id),
} as const;
