import type { ThemeSetting } from '@strata/core';
import { errorMessage } from '../api';
import { saveThemeSetting } from './preferencesApi';
import { setThemeSetting } from './themeSetting';

/**
 * The user menu's choice: the page switches at once (and the browser keeps a copy), then the
 * server keeps it for the user's other browsers; a failure to save is said, the page keeps the
 * choice.
 */
export async function chooseThemeInMenu(
  value: ThemeSetting,
  onError: (text: string) => void,
): Promise<void> {
  setThemeSetting(value);
  try {
    await saveThemeSetting(value);
  } catch (e) {
    onError(`The theme could not be saved for your account: ${errorMessage(e)}`);
  }
}
