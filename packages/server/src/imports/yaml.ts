/**
 * Reading one YAML file of a bundle, as PyYAML's `safe_load` reads Superset's exports (YAML 1.1,
 * PyYAML's booleans, dates as ISO text), within limits that no real export comes near: a bomb
 * (a huge document, aliases that expand — "billion laughs" —, deep nesting) is refused before
 * or while it is built. The largest file of Superset's example bundles is 15 KB with about
 * 1,000 nodes; the limits are 200 times that and more. Run in a worker thread with a memory and
 * time limit (workers/cpu.ts), so what these limits do not catch cannot stop the server either.
 */
import { CST, Lexer, parse, type ScalarTag, type Tags } from 'yaml';

export interface YamlLimits {
  /** Nodes of one file: scalars, aliases and flow collections (a mapping pair is two). */
  maxNodes: number;
  /** Nesting of flow collections (`[[[…]]]`, `{a: {b: …}}`) in one file. */
  maxFlowDepth: number;
  /**
   * The `yaml` package's alias budget: an alias counts the nodes it stands for, and a document
   * whose aliases expand to more than this many is refused (billion laughs).
   */
  maxAliasCount: number;
}

export const DEFAULT_YAML_LIMITS: YamlLimits = {
  maxNodes: 200_000,
  maxFlowDepth: 100,
  maxAliasCount: 100,
};

// A block scalar is a header token, then a `scalar` token with its text: counted once.
const NODE_TOKENS = new Set(['scalar', 'double-quoted-scalar', 'single-quoted-scalar', 'alias']);

/**
 * The nodes of a YAML text, and why it exceeds the limits (null when it does not), found from
 * its tokens before any document is built: the lexer keeps nothing, and counting stops at the
 * first excess.
 */
export function yamlSize(
  text: string,
  limits: YamlLimits = DEFAULT_YAML_LIMITS,
): { nodes: number; problem: string | null } {
  let nodes = 0;
  const excess = (problem: string) => ({ nodes, problem });
  let depth = 0;
  for (const token of new Lexer().lex(text)) {
    const type = CST.tokenType(token);
    if (type === 'flow-seq-start' || type === 'flow-map-start') {
      nodes += 1;
      depth += 1;
      if (depth > limits.maxFlowDepth)
        return excess(`The file nests collections more than ${limits.maxFlowDepth} levels deep`);
    } else if (type === 'flow-seq-end' || type === 'flow-map-end') {
      depth = Math.max(0, depth - 1);
    } else if (type !== null && NODE_TOKENS.has(type)) {
      nodes += 1;
    } else continue;
    if (nodes > limits.maxNodes)
      return excess(`The file holds more than the limit of ${limits.maxNodes} YAML nodes`);
  }
  return { nodes, problem: null };
}

/**
 * The size of a parsed document as the code after it sees it: values and keys (a mapping pair
 * is two nodes, as in yamlSize) counted each time they are reached (a subtree an alias repeats counts at every place), and the characters of its
 * strings and keys. Stops at the first excess. What crosses from a worker to the main thread,
 * and what the importer walks, is bounded by this, whatever aliases did to the text.
 */
export function expandedSize(
  value: unknown,
  limits: { maxNodes: number; maxChars: number },
): { nodes: number; chars: number; problem: string | null } {
  let nodes = 0;
  let chars = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    nodes += 1;
    if (typeof v === 'string') chars += v.length;
    else if (Array.isArray(v)) for (const item of v) stack.push(item);
    else if (v !== null && typeof v === 'object') {
      for (const [key, item] of Object.entries(v)) {
        nodes += 1;
        chars += key.length;
        stack.push(item);
      }
    }
    if (nodes > limits.maxNodes)
      return { nodes, chars, problem: `The file expands to more than ${limits.maxNodes} values` };
    if (chars > limits.maxChars)
      return {
        nodes,
        chars,
        problem: `The file expands to more than ${limits.maxChars} characters of text`,
      };
  }
  return { nodes, chars, problem: null };
}

const BOOL_TAG = 'tag:yaml.org,2002:bool';

/**
 * PyYAML's booleans (its resolver leaves out YAML 1.1's `y`/`n`: Superset's bubble chart has
 * keys `x`, `y` and `size`, and `y` must stay a string).
 */
const pyYamlBooleans: ScalarTag[] = [
  {
    identify: (v) => v === true,
    default: true,
    tag: BOOL_TAG,
    test: /^(?:yes|Yes|YES|true|True|TRUE|on|On|ON)$/,
    resolve: () => true,
  },
  {
    identify: (v) => v === false,
    default: true,
    tag: BOOL_TAG,
    test: /^(?:no|No|NO|false|False|FALSE|off|Off|OFF)$/,
    resolve: () => false,
  },
];

/** YAML 1.1's tags with PyYAML's booleans in place of the specification's. */
const pyYamlTags = (tags: Tags): Tags => [
  ...pyYamlBooleans,
  ...tags.filter((t) => (typeof t === 'string' ? t !== 'bool' : t.tag !== BOOL_TAG)),
];

/**
 * A YAML document as plain data (YAML 1.1, as PyYAML's safe_load reads exports), or not OK:
 * with a `reason` when the document is refused for its aliases or its depth rather than for
 * its syntax.
 */
export function parseYaml(
  text: string,
  limits: YamlLimits = DEFAULT_YAML_LIMITS,
): { ok: true; value: unknown } | { ok: false; reason?: string } {
  try {
    const value: unknown = parse(text, (_key, v) => (v instanceof Date ? v.toISOString() : v), {
      version: '1.1',
      customTags: pyYamlTags,
      maxAliasCount: limits.maxAliasCount,
      uniqueKeys: false,
      prettyErrors: false,
    });
    return { ok: true, value };
  } catch (e) {
    const message = e instanceof Error ? e.message : '';
    if (/excessive alias count/i.test(message))
      return {
        ok: false,
        reason: `The file's aliases expand to more than the limit of ${limits.maxAliasCount} nodes`,
      };
    if (/call stack/i.test(message))
      return { ok: false, reason: 'The file nests collections too deeply' };
    return { ok: false };
  }
}
