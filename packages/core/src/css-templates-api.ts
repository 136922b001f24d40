/**
 * CSS templates' request and answer shapes (`/api/v1/css_template/`, Superset's
 * CssTemplateRestApi), shared by the server (validation, OpenAPI) and the web (types).
 */
import { z } from 'zod';

/** Permission view of CSS templates (Superset's `CssTemplate`). */
export const CSS_TEMPLATE_VIEW = 'CssTemplate';
/** Their menu entry (Superset's "CSS Templates", under Manage). */
export const CSS_TEMPLATE_MENU = 'CSS Templates';
export const CSS_TEMPLATE_NAME_MAX = 250;
/** Dashboard CSS is bounded by the dashboard's own limit; a template holds at most as much. */
export const CSS_TEMPLATE_CSS_MAX = 1_000_000;

const templateName = z
  .string()
  .trim()
  .min(1, 'Name is required')
  .max(CSS_TEMPLATE_NAME_MAX, `Name must be at most ${CSS_TEMPLATE_NAME_MAX} characters`);
const css = z
  .string()
  .max(CSS_TEMPLATE_CSS_MAX, `CSS must be at most ${CSS_TEMPLATE_CSS_MAX} characters`);

/** `POST /api/v1/css_template/`: Superset's add_columns. */
export const cssTemplateCreate = z
  .object({ template_name: templateName, css: css.optional() })
  .strict();
export type CssTemplateCreate = z.infer<typeof cssTemplateCreate>;

/** `PUT /api/v1/css_template/{id}`: the same fields, each optional. */
export const cssTemplateUpdate = cssTemplateCreate.partial().strict();
export type CssTemplateUpdate = z.infer<typeof cssTemplateUpdate>;

const userRef = z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() });

/** A template as get, create and update answer it (Superset's show_columns). */
export const cssTemplateShow = z.object({
  id: z.number().int(),
  template_name: z.string().nullable(),
  css: z.string().nullable(),
  changed_on_delta_humanized: z.string().nullable(),
  changed_by: userRef.nullable(),
  created_by: userRef.nullable(),
});
export type CssTemplateShow = z.infer<typeof cssTemplateShow>;

/** A row of the list (Superset's list_columns). */
export interface CssTemplateRow extends CssTemplateShow {
  created_on: string | null;
}
