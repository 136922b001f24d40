/** The spec's control validators (001 §5); each answers null or the message shown after the label. */
import type { ControlPanelState, Validator } from './types.js';

export const validateNonEmpty: Validator = (value) =>
  value === null ||
  value === undefined ||
  value === '' ||
  (Array.isArray(value) && value.length === 0)
    ? 'cannot be empty'
    : null;

const blank = (value: unknown) => value === null || value === undefined || value === '';

export const validateInteger: Validator = (value) => {
  if (blank(value)) return null;
  const text = String(value).trim();
  return /^[-+]?\d+$/.test(text) ? null : 'is expected to be an integer';
};

export const validateNumber: Validator = (value) => {
  if (blank(value)) return null;
  const n = typeof value === 'number' ? value : Number(String(value).trim());
  return String(value).trim() !== '' && Number.isFinite(n) ? null : 'is expected to be a number';
};

/** Colours: hex with 3 or 6 digits, or rgb()/rgba() (spec: else "Invalid color"). */
export const validateColor: Validator = (value) => {
  if (blank(value)) return null;
  const text = String(value).trim();
  if (/^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(text)) return null;
  const rgb =
    /^rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*(?:,\s*([\d.]+)\s*)?\)$/i.exec(text);
  if (rgb && rgb.slice(1, 4).every((c) => Number(c) <= 255)) {
    const alpha = rgb[4] === undefined ? 1 : Number(rgb[4]);
    if (alpha >= 0 && alpha <= 1) return null;
  }
  return 'Invalid color';
};

/** Runs a control's validators; the messages of those that fail. */
export function runValidators(
  validators: readonly Validator[] | undefined,
  value: unknown,
  state?: ControlPanelState,
): string[] {
  const errors: string[] = [];
  for (const v of validators ?? []) {
    const message = v(value, state);
    if (message) errors.push(message);
  }
  return errors;
}

/** Text colour on a background: black when its luminance is above 186, else white (spec 001 §5). */
export function textColorOn(background: {
  r: number;
  g: number;
  b: number;
}): '#000000' | '#FFFFFF' {
  const luminance = background.r * 0.299 + background.g * 0.587 + background.b * 0.114;
  return luminance > 186 ? '#000000' : '#FFFFFF';
}
