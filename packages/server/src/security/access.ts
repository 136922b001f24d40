/**
 * What a route requires, declared in its `config.access`. Every route must declare one: the app
 * refuses to start otherwise, so no endpoint can forget its check.
 * - 'public': anyone (login, static assets).
 * - 'probe': anyone, and nobody is looked up: no session, token or metadata is read (the health
 *   probes, which must answer while the metadata store or the event loop is busy).
 * - 'authenticated': any logged-in user.
 * - {perm, view}: a permission pair held by one of the user's roles (or the Public role).
 * - {anyOf: [...]}: at least one of several pairs.
 */
export type Access =
  | 'public'
  | 'probe'
  | 'authenticated'
  | { perm: string; view: string }
  | { anyOf: Array<{ perm: string; view: string }> };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** State-changing routes that need no CSRF token (the login form, log beacons). */
    csrfExempt?: boolean;
    /** The route reads a refresh token from the Authorization header itself. */
    refreshTokenRoute?: boolean;
  }
}
