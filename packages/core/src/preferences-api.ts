/**
 * `GET/PUT /api/v1/me/preferences/`: the logged-in user's preferences (issue 21: the colour
 * theme). Kept apart from `theme.ts`, which the web loads at run time, so zod stays out of the
 * web's bundle.
 */
import { z } from 'zod';
import { THEME_SETTINGS, type ThemeSetting } from './theme.js';

const themeSetting = z.enum(THEME_SETTINGS as [ThemeSetting, ...ThemeSetting[]]);

/** The preferences as stored and answered: every field present. */
export const userPreferences = z.object({ theme: themeSetting });

/** `PUT`'s body: the fields to change; the others are kept. Unknown fields are refused. */
export const userPreferencesUpdate = z.strictObject({ theme: themeSetting.optional() });
export type UserPreferencesUpdate = z.infer<typeof userPreferencesUpdate>;

/** Both calls answer the preferences as they now are. */
export const userPreferencesAnswer = z.object({ result: userPreferences });
export type UserPreferencesAnswer = z.infer<typeof userPreferencesAnswer>;
