// Development: the API server (rebuilt by tsc --watch) and Vite's dev server with its proxy.
import { spawn } from 'node:child_process';

const run = (cmd, args, env = {}) =>
  spawn(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env }, shell: false });

const children = [
  run('npx', [
    'tsc',
    '-b',
    '-w',
    '--preserveWatchOutput',
    'packages/core',
    'packages/charts',
    'packages/server',
  ]),
  run('node', ['--watch-path=packages/server/dist', 'packages/server/dist/main.js'], {
    STRATA_WEB_DIST: '',
  }),
  run('npm', ['run', 'dev', '-w', '@strata/web']),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
