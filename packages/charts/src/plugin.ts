/**
 * The chart plugin contract: a chart type is data (`metadata`, `controlPanel`) plus pure
 * functions (`buildQuery`, `transformProps`) and a component. The chart types themselves arrive
 * with the Explore issue, one folder each; this module holds the contract and the registry.
 */
export interface ChartMetadata {
  name: string;
  description?: string;
  category?: string;
  tags: string[];
  thumbnail?: string;
  deprecated?: boolean;
  behaviors?: Array<'INTERACTIVE_CHART' | 'NATIVE_FILTER' | 'DRILL_TO_DETAIL' | 'DRILL_BY'>;
}

export interface ChartPlugin<FormData = Record<string, unknown>, Query = unknown, Props = unknown> {
  vizType: string;
  metadata: ChartMetadata;
  controlPanel: unknown;
  buildQuery(formData: FormData): Query;
  transformProps(input: unknown): Props;
}

/** Chart plugins by viz_type. */
export class ChartRegistry {
  private readonly plugins = new Map<string, ChartPlugin>();

  register(plugin: ChartPlugin): void {
    if (!/^[a-z0-9_]+$/.test(plugin.vizType)) {
      throw new Error(`Invalid viz_type "${plugin.vizType}": lowercase letters, digits and _ only`);
    }
    if (this.plugins.has(plugin.vizType))
      throw new Error(`Chart type ${plugin.vizType} is registered twice`);
    this.plugins.set(plugin.vizType, plugin);
  }

  get(vizType: string): ChartPlugin | undefined {
    return this.plugins.get(vizType);
  }

  has(vizType: string): boolean {
    return this.plugins.has(vizType);
  }

  /** Registered chart types, ordered by name. */
  list(): ChartPlugin[] {
    return [...this.plugins.values()].sort((a, b) =>
      a.metadata.name.localeCompare(b.metadata.name),
    );
  }
}
