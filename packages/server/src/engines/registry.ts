import { backendOf } from '../databases/uri.js';
import { EngineError, type EngineSpec } from './types.js';

/** The engines the app can talk to, found by the scheme of a connection URI. */
export class EngineRegistry {
  private readonly byScheme = new Map<string, EngineSpec>();

  constructor(private readonly specs: EngineSpec[]) {
    for (const spec of specs) for (const scheme of spec.schemes) this.byScheme.set(scheme, spec);
  }

  all(): EngineSpec[] {
    return [...this.specs];
  }

  byEngine(engine: string): EngineSpec | undefined {
    return this.specs.find((s) => s.engine === engine) ?? this.byScheme.get(engine);
  }

  /** The spec for a URI; EngineError('driver_not_found') when no engine takes its scheme. */
  forUri(uri: string): EngineSpec {
    const backend = backendOf(uri);
    const spec = this.byScheme.get(backend);
    if (!spec)
      throw new EngineError(
        'driver_not_found',
        `Could not load database driver: ${backend || uri.split(':')[0]}`,
      );
    return spec;
  }
}
