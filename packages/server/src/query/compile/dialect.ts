import type { EngineSpec } from '../../engines/types.js';
import type { CompileDialect } from './types.js';

/** The compiler's view of an engine spec. */
export function compileDialectFor(spec: EngineSpec): CompileDialect {
  return {
    engine: spec.engine,
    quoteIdentifier: (name) => spec.quoteIdentifier(name),
    literal: (value) => spec.literal(value),
    timeGrainExpression: (grain, column) => spec.timeGrainExpression(grain, column),
  };
}
