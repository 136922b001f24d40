import { EngineError, type ScriptOptions } from '../types.js';

/** The error of a script whose statement list is empty. */
export function noStatementsError(): EngineError {
  return new EngineError('query_error', 'There is no statement to run');
}

/** An EngineError raised by statement `index` of a script, marked with that index. */
export function inStatement(error: EngineError, index: number): EngineError {
  return new EngineError(error.kind, error.message, { ...error.extra, statementIndex: index });
}

/**
 * Runs the statements of a script in order through `run`, which runs one statement on the
 * script's connection (`last` tells whether its rows are wanted), and gives the last one's
 * result. Before each statement: a pending abort stops the script (`cancelled()`), then
 * `onStatement(index)` is called. An EngineError of statement k stops the script and is thrown
 * marked with `statementIndex: k`, unless the signal was aborted (a cancellation is reported as
 * such); any other error (the caller's own, thrown by `onBatch`) is passed on unchanged.
 */
export async function runScript<T>(
  statements: readonly string[],
  options: Pick<ScriptOptions, 'signal' | 'onStatement'>,
  run: (sql: string, index: number, last: boolean) => Promise<T>,
  cancelled: () => EngineError,
): Promise<T> {
  if (statements.length === 0) throw noStatementsError();
  const step = async (index: number): Promise<T> => {
    if (options.signal?.aborted) throw cancelled();
    options.onStatement?.(index);
    try {
      return await run(statements[index]!, index, index === statements.length - 1);
    } catch (e) {
      if (!(e instanceof EngineError)) throw e;
      throw options.signal?.aborted ? cancelled() : inStatement(e, index);
    }
  };
  for (let index = 0; index < statements.length - 1; index++) await step(index);
  return step(statements.length - 1);
}
