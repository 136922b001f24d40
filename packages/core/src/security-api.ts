/**
 * Request and answer schemas of the authentication calls added with issue 16, shared by the
 * server (validation, OpenAPI) and the web (types). Kept apart from `security.ts`, which the web
 * loads at run time, so zod stays out of the web's bundle.
 */
import { z } from 'zod';

/** `GET /api/v1/security/login_csrf_token/`: the login form's CSRF token. */
export const loginCsrfTokenAnswer = z.object({ result: z.string() });
export type LoginCsrfTokenAnswer = z.infer<typeof loginCsrfTokenAnswer>;

/** `POST /logout/`: the browser session ended. */
export const logoutAnswer = z.object({ message: z.string() });
export type LogoutAnswer = z.infer<typeof logoutAnswer>;

/**
 * `GET /api/v1/me/roles/` (Superset's bootstrap_user_data with permissions): the user's fields,
 * each role's permission pairs, and the datasource/database access the roles give.
 */
export const meRolesAnswer = z.object({
  result: z.object({
    username: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    userId: z.number(),
    isActive: z.boolean(),
    createdOn: z.string().nullable(),
    email: z.string(),
    roles: z.record(z.string(), z.array(z.tuple([z.string(), z.string()]))),
    permissions: z.record(z.string(), z.array(z.string())),
  }),
});
export type MeRolesAnswer = z.infer<typeof meRolesAnswer>;
