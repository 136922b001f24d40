import type { BootstrapData, ThemeSetting, UserPreferences } from '@strata/core';
import type { Principal } from '../security/principal.js';

export const APP_VERSION = '0.1.0';

/** The data the web page starts from: the current user and the feature flags. */
export function bootstrapData(
  principal: Principal,
  featureFlags: Record<string, boolean>,
  csrfToken: string | null = null,
  loginCsrfToken: string | null = null,
  conf: NonNullable<BootstrapData['common']['conf']> = {},
  deckglTiles: Array<[string, string]> = [],
  preferences: UserPreferences | null = null,
): BootstrapData {
  return {
    ...(csrfToken && !principal.isAnonymous ? { csrf_token: csrfToken } : {}),
    user: principal.isAnonymous
      ? null
      : {
          userId: principal.id,
          username: principal.username,
          firstName: principal.first_name,
          lastName: principal.last_name,
          email: principal.email,
          isActive: principal.active,
          isAnonymous: false,
          roles: principal.roles,
        },
    ...(preferences && !principal.isAnonymous ? { preferences } : {}),
    ...(loginCsrfToken && principal.isAnonymous ? { login_csrf_token: loginCsrfToken } : {}),
    common: {
      feature_flags: featureFlags,
      application_root: '/',
      version: APP_VERSION,
      conf,
      ...(deckglTiles.length ? { deckgl_tiles: deckglTiles } : {}),
    },
  };
}

/** Escapes text for a double-quoted HTML attribute. */
export function escapeHtmlAttribute(text: string): string {
  return text.replace(/[&<>"']/g, (c) =>
    c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '"' ? '&quot;' : '&#39;',
  );
}

/** Puts the bootstrap JSON into the `data-bootstrap` attribute of `<div id="app">`. */
export function injectBootstrap(html: string, data: BootstrapData): string {
  const attr = ` data-bootstrap="${escapeHtmlAttribute(JSON.stringify(data))}"`;
  const marker = /<div id="app"/;
  if (!marker.test(html)) throw new Error('index.html has no <div id="app"> element');
  return html.replace(marker, (m) => `${m}${attr}`);
}

/**
 * Writes the theme setting on the `<html>` element (`data-theme`): the page's own stylesheet
 * draws its first frame in the user's colours, before any script runs (no light flash).
 */
export function injectThemeSetting(html: string, setting: ThemeSetting): string {
  const marker = /<html(?=[\s>])/;
  if (!marker.test(html)) throw new Error('index.html has no <html> element');
  return html.replace(marker, (m) => `${m} data-theme="${setting}"`);
}
