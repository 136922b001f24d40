import { MESSAGES } from '@strata/core';
import type { Toasts } from '../../../app/toasts';

/** The toast after a copy (Superset's text). */
export const COPIED_TO_CLIPBOARD = 'Copied to clipboard!';

/** Copies text with the asynchronous clipboard, or the old selection trick where it is missing. */
export async function copyText(text: string): Promise<void> {
  if (typeof navigator !== 'undefined' && navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    if (!document.execCommand('copy')) throw new Error(MESSAGES.copyUnsupported);
  } finally {
    area.remove();
  }
}

/** Copies and says so in a toast ("Copied to clipboard!", or that the browser cannot). */
export async function copyWithToast(
  text: string,
  toasts: Pick<Toasts, 'addSuccessToast' | 'addDangerToast'>,
): Promise<void> {
  try {
    await copyText(text);
    toasts.addSuccessToast(COPIED_TO_CLIPBOARD);
  } catch {
    toasts.addDangerToast(MESSAGES.copyUnsupported);
  }
}
