/**
 * The CPU-bound half of SQL validation (validate.ts): statements split with their offsets, each
 * judged by the DML guard (node-sql-parser as its second opinion: slow on large scripts, so
 * this runs in a worker thread for them, see workers/cpu.ts) and classified for EXPLAIN. Pure.
 */
import { classifyStatement, guardStatements, type Engine } from '../sql/guard.js';
import { lexOptions, lexSpans } from '../sql/guard-lex.js';
import { stripComments } from '../sql/statements.js';

/** Most statements of a script validated (the editor shows the first ones' markers). */
export const MAX_STATEMENTS = 50;

export interface StatementSpan {
  text: string;
  /** Offset of the statement's first character in the script. */
  start: number;
}

/** Statements of a script with their offsets (quotes and comments respected), trimmed. */
export function statementSpans(sql: string, engine: Engine): StatementSpan[] {
  const out: StatementSpan[] = [];
  let start = 0;
  const push = (end: number) => {
    const raw = sql.slice(start, end);
    const lead = raw.length - raw.trimStart().length;
    const text = raw.trim();
    if (text && stripComments(text, lexOptions(engine)) !== '') {
      out.push({ text, start: start + lead });
    }
  };
  for (const span of lexSpans(sql, engine)) {
    if (span.kind !== 'code') continue;
    for (let i = span.start; i < span.end; i += 1) {
      if (sql[i] === ';') {
        push(i);
        start = i + 1;
      }
    }
  }
  push(sql.length);
  return out;
}

/** Statement kinds EXPLAIN takes on each engine. */
function explainable(kind: string, engine: Engine): boolean {
  if (engine === 'sqlite') return kind === 'select' || kind === 'dml' || kind === 'ddl';
  return kind === 'select' || kind === 'dml';
}

/** A statement of the script: the guard's refusal, or whether EXPLAIN can check it. */
export interface CheckedStatement {
  span: StatementSpan;
  /** The guard's message when the statement may not run; null when it may. */
  problem: string | null;
  /** Whether the database's EXPLAIN takes the statement. */
  explain: boolean;
}

/** The first MAX_STATEMENTS statements of a script, judged by the guard. */
export function checkStatements(
  sql: string,
  engine: Engine,
  allowDml: boolean,
): CheckedStatement[] {
  return statementSpans(sql, engine)
    .slice(0, MAX_STATEMENTS)
    .map((span) => {
      const guarded = guardStatements(span.text, engine, { allowDml });
      if (!guarded.ok) return { span, problem: guarded.message, explain: false };
      return {
        span,
        problem: null,
        explain: explainable(classifyStatement(span.text, engine), engine),
      };
    });
}
