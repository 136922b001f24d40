/** What the parameters editor makes of its text. */
export type TemplateParamsCheck =
  { valid: true; keys: number; json: string } | { valid: false; error: string; detail: string };

export const INVALID_JSON = 'Invalid JSON';

/**
 * Checks the text of template parameters: only a JSON object is valid; blank text means no
 * parameters (`{}`). `json` is what to hand on: the text itself, or `{}` for blank text.
 */
export function checkTemplateParams(text: string): TemplateParamsCheck {
  if (text.trim() === '') return { valid: true, keys: 0, json: '{}' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    return { valid: false, error: INVALID_JSON, detail: e instanceof Error ? e.message : '' };
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    return {
      valid: false,
      error: INVALID_JSON,
      detail: 'The parameters must be a JSON object, e.g. {"name": "value"}.',
    };
  }
  return { valid: true, keys: Object.keys(parsed).length, json: text };
}

/** How many parameters a stored value holds (0 when it is blank or not a JSON object). */
export function templateParamCount(text: string | null | undefined): number {
  const check = checkTemplateParams(text ?? '');
  return check.valid ? check.keys : 0;
}
