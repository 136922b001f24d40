/**
 * The entry of a CPU worker thread: runs the tasks of tasks.ts one at a time, as the pool sends
 * them (protocol.ts). An exception of a task is reported as `failed`; limits of time and memory
 * are the pool's business (it terminates this thread).
 */
import { parentPort } from 'node:worker_threads';
import type { TaskMessage, WorkerMessage } from './protocol.js';
import { TASKS } from './tasks.js';

const port = parentPort;
if (!port) throw new Error('worker.ts runs in a worker thread');

const send = (m: WorkerMessage) => port.postMessage(m);

port.on('message', (m: TaskMessage) => {
  void (async () => {
    try {
      const handler = (TASKS as Record<string, (input: unknown, ctx: unknown) => unknown>)[m.kind];
      if (!handler) throw new Error(`Unknown task ${m.kind}`);
      const value = await handler(m.input, {
        progress: (v: unknown) => send({ type: 'progress', id: m.id, value: v }),
      });
      send({ type: 'done', id: m.id, value });
    } catch (e) {
      const error =
        e instanceof Error
          ? { name: e.name, message: e.message }
          : { name: 'Error', message: String(e) };
      send({ type: 'failed', id: m.id, error });
    }
  })();
});

send({ type: 'ready' });
