/**
 * Dynamic plugins' request and answer shapes (`/api/v1/dynamic_plugin/`,
 * `/dynamic-plugins/api/read`), shared by the server (validation, OpenAPI) and the web (types).
 * Apart from `dynamic-plugins.ts` so zod stays out of the web's bundle.
 *
 * The bundle URL's origin rule depends on the server's configuration, so it is checked by the
 * server with `bundleUrlProblem`; the schemas check the forms every install shares.
 */
import { z } from 'zod';
import {
  DYNAMIC_PLUGIN_NAME_MAX,
  DYNAMIC_PLUGIN_URL_MAX,
  dynamicPluginKeyProblem,
} from './dynamic-plugins.js';

const name = z
  .string()
  .trim()
  .min(1, 'Name is required')
  .max(DYNAMIC_PLUGIN_NAME_MAX, `Name must be at most ${DYNAMIC_PLUGIN_NAME_MAX} characters`);
const key = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    const problem = dynamicPluginKeyProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
const bundleUrl = z
  .string()
  .trim()
  .min(1, 'Bundle URL is required')
  .max(DYNAMIC_PLUGIN_URL_MAX, `Bundle URL must be at most ${DYNAMIC_PLUGIN_URL_MAX} characters`);

/** `POST /api/v1/dynamic_plugin/`: Superset's add_columns. */
export const dynamicPluginCreate = z.object({ name, key, bundle_url: bundleUrl }).strict();
export type DynamicPluginCreate = z.infer<typeof dynamicPluginCreate>;

/** `PUT /api/v1/dynamic_plugin/{id}`: the same fields, each optional. */
export const dynamicPluginUpdate = dynamicPluginCreate.partial().strict();
export type DynamicPluginUpdate = z.infer<typeof dynamicPluginUpdate>;

/** A plugin as get, create and update answer it (Superset's show_columns). */
export const dynamicPluginShow = z.object({
  id: z.number().int(),
  name: z.string(),
  key: z.string(),
  bundle_url: z.string(),
});

/**
 * `GET /dynamic-plugins/api/read`: FAB's ModelView `api/read` answer, which Superset's
 * DynamicPluginProvider reads `result` of.
 */
export const dynamicPluginReadAnswer = z.object({
  count: z.number().int(),
  label_columns: z.record(z.string(), z.string()),
  list_columns: z.array(z.string()),
  modelview_name: z.string(),
  order_columns: z.array(z.string()),
  page: z.number().int().nullable(),
  page_size: z.number().int().nullable(),
  pks: z.array(z.number().int()),
  result: z.array(dynamicPluginShow),
});
export type DynamicPluginReadAnswer = z.infer<typeof dynamicPluginReadAnswer>;
