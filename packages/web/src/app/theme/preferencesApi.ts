import type { ThemeSetting, UserPreferencesAnswer } from '@strata/core';
import { api } from '../api';

/** `PUT /api/v1/me/preferences/`: keeps the user's theme on the server (every browser). */
export async function saveThemeSetting(theme: ThemeSetting): Promise<ThemeSetting> {
  const answer = await api.put<UserPreferencesAnswer>('/api/v1/me/preferences/', { theme });
  return answer.result.theme;
}
