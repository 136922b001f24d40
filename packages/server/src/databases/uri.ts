/** Superset masks a stored password as this text in every answer. */
export const PASSWORD_MASK = 'XXXXXXXXXX';

/** The backend name of a SQLAlchemy-style URI: `postgresql+psycopg2://…` -> `postgresql`. */
export function backendOf(uri: string): string {
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(uri)?.[1] ?? '';
  return scheme.split('+')[0]!.toLowerCase();
}

/** Replaces the password of a URI with the mask; a URI without one is returned as it is. */
export function maskUriPassword(uri: string): string {
  return uri.replace(/^([a-zA-Z][a-zA-Z0-9+.-]*:\/\/[^:/@]*):([^@]*)@/, (_m, head: string) => `${head}:${PASSWORD_MASK}@`);
}
