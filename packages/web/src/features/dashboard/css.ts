/**
 * Custom dashboard CSS made safe to inject: parsed by css-tree and rewritten without anything
 * that could load or run code or close the style element (imports, non-data-image URLs in any
 * spelling, `expression()`, `behavior`, `-moz-binding`…); see core's `css/sanitize-css.ts`, which
 * the server also applies when a dashboard's CSS is saved. It loads with the dashboard page.
 */
export { sanitizeCss } from '@strata/core/css';
