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
