/** The expression options as a CodeMirror completion source (ranked by our own rules). */
import type { Completion, CompletionContext, CompletionResult } from '@codemirror/autocomplete';
import type { SQLDialect } from '@codemirror/lang-sql';
import { syntaxTree } from '@codemirror/language';
import { functionOption, quoteIdentifier } from '../../features/sqllab/components/sqlEditorConfig';
import { rankExpressionOptions, type ExpressionOption } from './expressionCompletions';

const WORD = /[\p{L}\p{N}_$]*$/u;
const NOT_HERE = new Set(['String', 'LineComment', 'BlockComment', 'QuotedIdentifier']);

function toCompletion(option: ExpressionOption, dialect: SQLDialect): Completion {
  if (option.kind === 'function') return functionOption(option.label);
  const apply = quoteIdentifier(option.label, dialect);
  return {
    label: option.label,
    type: option.kind === 'column' ? 'property' : 'variable',
    detail: option.detail,
    ...(option.info ? { info: option.info } : {}),
    ...(apply !== option.label ? { apply } : {}),
  };
}

/**
 * Completes the dataset's columns, metrics and the database's functions where a bare word is
 * typed (not after a dot or a quote, not in strings or comments), in our ranking's order.
 */
export function expressionCompletionSource(
  options: readonly ExpressionOption[],
  dialect: SQLDialect,
) {
  const completions = new Map(options.map((o) => [o, toCompletion(o, dialect)]));
  return (context: CompletionContext): CompletionResult | null => {
    const word = context.matchBefore(WORD);
    if (!word || (word.from === word.to && !context.explicit)) return null;
    const before = context.state.sliceDoc(Math.max(0, word.from - 1), word.from);
    if (before === '.' || before === '"' || before === '`' || before === "'") return null;
    if (NOT_HERE.has(syntaxTree(context.state).resolveInner(context.pos, -1).name)) return null;
    const ranked = rankExpressionOptions(options, word.text);
    if (ranked.length === 0) return null;
    return {
      from: word.from,
      options: ranked.map((o) => completions.get(o)!),
      filter: false,
    };
  };
}
