/**
 * A categorical colour scale: each label keeps the colour it first got, in the scheme's order;
 * forced label colours (a dashboard's `label_colors`) win; a shared map (the dashboard's
 * `shared_label_colors`) keeps colours consistent across the charts that use the same scale.
 * A dashboard passes one writable label map to all its charts: a label's first colour is
 * recorded in it, so the label has that colour in every chart (frozen maps are only read).
 * Past the scheme's last colour the scale starts again from the first, or, with the
 * USE_ANALAGOUS_COLORS flag, goes on with the scheme's analogous colours (`analogous.ts`).
 */
import { chartFeatureEnabled } from '../feature-flags.js';
import { analogousColor } from './analogous.js';
import { categoricalScheme } from './schemes.js';

/** How many labels scales have recorded in each writable label map (explicit ones not counted). */
const recordedIn = new WeakMap<object, number>();

export class CategoricalColorScale {
  private readonly colors: string[];
  private readonly assigned = new Map<string, string>();

  private readonly ownForced: Record<string, string> = {};
  private readonly forced: Record<string, string>;

  constructor(
    schemeId: string | null | undefined,
    forced?: Record<string, string>,
    private readonly shared?: Map<string, string>,
  ) {
    this.colors = categoricalScheme(schemeId).colors;
    this.forced = forced ?? this.ownForced;
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
    const writable = this.forced !== this.ownForced && !Object.isFrozen(this.forced);
    const used = this.shared
      ? this.shared.size
      : writable
        ? (recordedIn.get(this.forced) ?? 0)
        : this.assigned.size;
    const base = this.colors[used % this.colors.length]!;
    const round = Math.floor(used / this.colors.length);
    const color =
      round > 0 && chartFeatureEnabled('USE_ANALAGOUS_COLORS') ? analogousColor(base, round) : base;
    this.assigned.set(key, color);
    this.shared?.set(key, color);
    if (writable) {
      this.forced[key] = color;
      recordedIn.set(this.forced, used + 1);
    }
    return color;
  }
}
