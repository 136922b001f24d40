// A worker for pool.test.ts: tasks that answer, throw, spin, eat memory or exit.
import { parentPort } from 'node:worker_threads';

const tasks = {
  echo: (input) => input,
  throws: () => {
    throw new TypeError('boom');
  },
  spin: (_input, progress) => {
    progress('spinning');
    for (;;);
  },
  eat: () => {
    const keep = [];
    for (;;) keep.push(new Array(1e5).fill({ a: Math.random() }));
  },
  exit: () => process.exit(3),
  sleep: (ms) => new Promise((resolve) => setTimeout(() => resolve(ms), ms)),
};

parentPort.on('message', async (m) => {
  try {
    const value = await tasks[m.kind](m.input, (v) =>
      parentPort.postMessage({ type: 'progress', id: m.id, value: v }),
    );
    parentPort.postMessage({ type: 'done', id: m.id, value });
  } catch (e) {
    parentPort.postMessage({
      type: 'failed',
      id: m.id,
      error: { name: e.name, message: e.message },
    });
  }
});
parentPort.postMessage({ type: 'ready' });
