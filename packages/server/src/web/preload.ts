/**
 * A dashboard page carries the answers of the calls it makes first (the dashboard, its charts,
 * its datasets), so the page's chart queries can leave as soon as its script starts instead of
 * one round trip later. The answers are made by the API routes themselves (`app.inject` with the
 * visitor's own credentials): the same permissions, the same shapes. The page uses each one once.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PRELOADED_ANSWERS_ELEMENT_ID, dashboardIdOrSlugOf } from '@strata/core';

/** The API paths a page at `pathname` asks for first (a dashboard's three calls), or none. */
export function preloadPathsFor(pathname: string): string[] {
  const raw = dashboardIdOrSlugOf(pathname);
  if (raw === null || raw === 'new') return [];
  const base = `/api/v1/dashboard/${encodeURIComponent(raw)}`;
  return [base, `${base}/charts`, `${base}/datasets`];
}

/** The successful answers of `paths` for this visitor (failures are left to the page to ask). */
export async function preloadAnswers(
  app: FastifyInstance,
  req: FastifyRequest,
  paths: readonly string[],
): Promise<Record<string, unknown>> {
  const headers: Record<string, string> = {};
  if (typeof req.headers.cookie === 'string') headers.cookie = req.headers.cookie;
  if (typeof req.headers.authorization === 'string')
    headers.authorization = req.headers.authorization;
  const out: Record<string, unknown> = {};
  await Promise.all(
    paths.map(async (url) => {
      try {
        const res = await app.inject({ method: 'GET', url, headers });
        if (res.statusCode === 200) out[url] = JSON.parse(res.body) as unknown;
      } catch {
        // Not preloaded: the page asks for it itself.
      }
    }),
  );
  return out;
}

/** JSON safe inside a `<script>` element: no `</script>` or `<!--` can end or change it. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The answers as a JSON data block before `</body>` (a `type="application/json"` script is not
 * run, so the page's script-src policy does not apply to it).
 */
export function injectPreloaded(html: string, answers: Record<string, unknown>): string {
  if (Object.keys(answers).length === 0) return html;
  const block = `<script type="application/json" id="${PRELOADED_ANSWERS_ELEMENT_ID}">${jsonForScript(answers)}</script>`;
  const at = html.lastIndexOf('</body>');
  return at < 0 ? html + block : html.slice(0, at) + block + html.slice(at);
}
