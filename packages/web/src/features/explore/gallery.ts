/**
 * The chart type gallery's logic (spec 001 §2, §4, §9): sections (All charts, recommended tags,
 * categories, tags), search with Fuse (threshold 0.3; name 4, tags 2, description 1) that
 * overrides the section, and ranking with the featured/deprecated tag weights.
 */
import Fuse from 'fuse.js';
import { GALLERY_SEARCH, GALLERY_TAG_WEIGHTS } from '@strata/core';
import type { ChartPlugin } from '@strata/charts';

export const ALL_CHARTS = 'ALL_CHARTS';
export const RECOMMENDED_TAGS = ['Popular', 'ECharts', 'Advanced-Analytics'] as const;

export type GallerySection =
  { kind: 'all' } | { kind: 'tag'; value: string } | { kind: 'category'; value: string };

/** Categories and tags present among the chart types, sorted. */
export function galleryGroups(plugins: readonly ChartPlugin[]): {
  categories: string[];
  tags: string[];
} {
  const categories = new Set<string>();
  const tags = new Set<string>();
  for (const p of plugins) {
    if (p.metadata.category) categories.add(p.metadata.category);
    for (const t of p.metadata.tags) tags.add(t);
  }
  return { categories: [...categories].sort(), tags: [...tags].sort() };
}

function inSection(p: ChartPlugin, section: GallerySection): boolean {
  if (section.kind === 'all') return true;
  if (section.kind === 'category') return p.metadata.category === section.value;
  return p.metadata.tags.includes(section.value);
}

/** Featured first, deprecated last, then by name. */
function rankWeight(p: ChartPlugin): number {
  let w = 0;
  const tags = p.metadata.tags.map((t) => t.toLowerCase());
  if (tags.includes('featured') || p.metadata.label === 'FEATURED')
    w += GALLERY_TAG_WEIGHTS.featured;
  if (tags.includes('deprecated') || p.metadata.deprecated) w += GALLERY_TAG_WEIGHTS.deprecated;
  return w;
}

/** The chart types shown: the search's matches (any section) or the section's types. */
export function galleryItems(
  plugins: readonly ChartPlugin[],
  section: GallerySection,
  search: string,
): ChartPlugin[] {
  const q = search.trim();
  if (q) {
    const fuse = new Fuse(plugins as ChartPlugin[], {
      threshold: GALLERY_SEARCH.threshold,
      ignoreLocation: true,
      includeScore: true,
      keys: [
        { name: 'metadata.name', weight: GALLERY_SEARCH.weights.name },
        { name: 'metadata.tags', weight: GALLERY_SEARCH.weights.tags },
        { name: 'metadata.description', weight: GALLERY_SEARCH.weights.description },
      ],
    });
    return fuse
      .search(q)
      .map((r) => ({ p: r.item, score: (r.score ?? 1) - rankWeight(r.item) }))
      .sort((a, b) => a.score - b.score)
      .map((r) => r.p);
  }
  return plugins
    .filter((p) => inSection(p, section))
    .sort(
      (a, b) => rankWeight(b) - rankWeight(a) || a.metadata.name.localeCompare(b.metadata.name),
    );
}

/** Selecting a section clears a selection that is not in it. */
export function selectionAfterSection(
  selected: string | null,
  plugins: readonly ChartPlugin[],
  section: GallerySection,
): string | null {
  if (!selected) return null;
  const p = plugins.find((x) => x.vizType === selected);
  return p && inSection(p, section) ? selected : null;
}

/** The tiles above the control panel: the usual six, plus the current and rendered types. */
export const TILE_TYPES = [
  'echarts_timeseries_line',
  'echarts_timeseries_bar',
  'echarts_area',
  'table',
  'big_number_total',
  'pie',
];

export function tileTypes(current: string, rendered: string | null): string[] {
  const out = [...TILE_TYPES];
  for (const t of [current, rendered]) if (t && !out.includes(t)) out.push(t);
  return out;
}
