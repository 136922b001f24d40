/** The legend of part-of-a-whole charts (pie, funnel, radar): shown, type, orientation, items. */
export function categoryLegend(
  formData: Record<string, unknown>,
  names: string[],
): Record<string, unknown> {
  const orient = (formData.legendOrientation as string) || 'top';
  return {
    show: formData.show_legend !== false,
    type: (formData.legendType as string) || 'scroll',
    orient: orient === 'left' || orient === 'right' ? 'vertical' : 'horizontal',
    [orient]: 0,
    data: names,
  };
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
