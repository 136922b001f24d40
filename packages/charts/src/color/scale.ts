/**
 * A categorical colour scale: each label keeps the colour it first got, in the scheme's order;
 * forced label colours (a dashboard's `label_colors`) win; a shared map (the dashboard's
 * `shared_label_colors`) keeps colours consistent across the charts that use the same scale.
 */
import { categoricalScheme } from './schemes.js';

export class CategoricalColorScale {
  private readonly colors: string[];
  private readonly assigned = new Map<string, string>();

  constructor(
    schemeId: string | null | undefined,
    private readonly forced: Record<string, string> = {},
    private readonly shared?: Map<string, string>,
  ) {
    this.colors = categoricalScheme(schemeId).colors;
  }

  getColor(label: unknown): string {
    const key = String(label ?? '');
    const forced = this.forced[key];
    if (forced) return forced;
    const known = this.assigned.get(key) ?? this.shared?.get(key);
    if (known) {
      this.assigned.set(key, known);
      return known;
    }
    const used = this.shared ? this.shared.size : this.assigned.size;
    const color = this.colors[used % this.colors.length]!;
    this.assigned.set(key, color);
    this.shared?.set(key, color);
    return color;
  }
}
