/**
 * Messages between the pool (pool.ts) and a worker thread (worker.ts). Everything crosses by
 * structured clone, so inputs and outputs are plain data: no functions, no class instances.
 *
 *   worker -> pool: {type: 'ready'} once the task modules are loaded
 *   pool -> worker: {id, kind, input}                 one task at a time per worker
 *   worker -> pool: {type: 'progress', id, value}     any number, while the task runs
 *                   {type: 'done', id, value}         the task's result
 *                   {type: 'failed', id, error}       the task threw (an unexpected error)
 */

export interface TaskMessage {
  id: number;
  kind: string;
  input: unknown;
}

export interface ThrownError {
  name: string;
  message: string;
}

export type WorkerMessage =
  | { type: 'ready' }
  | { type: 'progress'; id: number; value: unknown }
  | { type: 'done'; id: number; value: unknown }
  | { type: 'failed'; id: number; error: ThrownError };

/** What a task may do besides returning: report progress (e.g. the file being read). */
export interface TaskContext {
  progress(value: unknown): void;
}

export type TaskHandler = (input: never, ctx: TaskContext) => unknown;
