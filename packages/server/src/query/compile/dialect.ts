import type { EngineSpec } from '../../engines/types.js';
import { requestPolicy } from './context.js';
import type { FragmentPolicy } from './fragment.js';
import type { CompileDialect } from './types.js';

const allowedSets = new WeakMap<EngineSpec, ReadonlySet<string>>();

/** The spec's allow list as a set of upper-case names (made once per spec). */
function allowedFunctionSet(spec: EngineSpec): ReadonlySet<string> {
  let set = allowedSets.get(spec);
  if (!set) {
    // A spec without a list (a stand-in built outside the registry) allows no function.
    set = new Set((spec.allowedFunctions ?? []).map((f) => f.toUpperCase()));
    allowedSets.set(spec, set);
  }
  return set;
}

/**
 * The compiler's view of an engine spec. `trusted`: an admin asks, so free SQL of the query
 * gets the structural check only (default: the allow list of the engine's functions).
 */
export function compileDialectFor(spec: EngineSpec, trusted = false): CompileDialect {
  const dialect: CompileDialect = {
    engine: spec.engine,
    quoteIdentifier: (name) => spec.quoteIdentifier(name),
    literal: (value) => spec.literal(value),
    timeGrainExpression: (grain, column) => spec.timeGrainExpression(grain, column),
    allowedFunctions: allowedFunctionSet(spec),
    trustedFragments: trusted,
  };
  if (spec.variablePrefix) dialect.variablePrefix = spec.variablePrefix;
  const epochToDttm = spec.epochToDttm;
  if (epochToDttm) dialect.epochToDttm = (column, unit) => epochToDttm.call(spec, column, unit);
  return dialect;
}

/** The same dialect for another asker: `trusted` when an admin asks. */
export function dialectFor(dialect: CompileDialect, trusted: boolean): CompileDialect {
  return dialect.trustedFragments === trusted ? dialect : { ...dialect, trustedFragments: trusted };
}

/** What a non-admin's SQL for this engine may do (the allow list): for checks outside queries. */
export function untrustedPolicy(spec: EngineSpec): FragmentPolicy {
  return requestPolicy(compileDialectFor(spec));
}
