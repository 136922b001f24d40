/**
 * Custom dashboard CSS made safe to inject: no way to close the style element, no imports or
 * external loads (`@import`, `url(...)` other than data images), no legacy script hooks
 * (`expression(`, `behavior:`, `-moz-binding`).
 */
export function sanitizeCss(css: string): string {
  return css
    .replace(/<\/?\s*style[^>]*>/gi, '')
    .replace(/<!--|-->/g, '')
    .replace(/@import[^;]*;?/gi, '')
    .replace(/url\(\s*(['"]?)(?!data:image\/)[^)]*\)/gi, 'none')
    .replace(/expression\s*\(/gi, '(')
    .replace(/(behavior|-moz-binding)\s*:/gi, 'x-removed:');
}
