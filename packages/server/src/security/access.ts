/**
 * What a route requires, declared in its `config.access`. Every route must declare one: the app
 * refuses to start otherwise, so no endpoint can forget its check.
 * - 'public': anyone (login, health, static assets).
 * - 'authenticated': any logged-in user.
 * - {perm, view}: a permission pair held by one of the user's roles (or the Public role).
 * - {anyOf: [...]}: at least one of several pairs.
 */
export type Access =
  | 'public'
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
