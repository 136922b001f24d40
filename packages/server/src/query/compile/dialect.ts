import type { EngineSpec } from '../../engines/types.js';
import type { CompileDialect } from './types.js';

/** The compiler's view of an engine spec. */
export function compileDialectFor(spec: EngineSpec): CompileDialect {
  const dialect: CompileDialect = {
    engine: spec.engine,
    quoteIdentifier: (name) => spec.quoteIdentifier(name),
    literal: (value) => spec.literal(value),
    timeGrainExpression: (grain, column) => spec.timeGrainExpression(grain, column),
  };
  const epochToDttm = spec.epochToDttm;
  if (epochToDttm) dialect.epochToDttm = (column, unit) => epochToDttm.call(spec, column, unit);
  return dialect;
}
