/**
 * The theme's surface colour as drawn at an element (antd's `--ant-color-bg-container`), as a
 * value: an exported image needs a real colour behind a chart, dark in the dark theme (the
 * chart's texts are light there).
 */
export function surfaceColorOf(el: Element): string {
  return getComputedStyle(el).getPropertyValue('--ant-color-bg-container').trim() || '#ffffff';
}
