/**
 * The built Strata server (`packages/server/dist/main.js`) in a child process of its own: own
 * data dir (SQLite metadata), free port, examples and example dashboards loaded, the admin's
 * password from the environment. Then a Bearer token from `POST /api/v1/security/login`.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import JSONbig from 'json-bigint';

const here = path.dirname(fileURLToPath(import.meta.url));
export const SERVER_MAIN = path.resolve(here, '../../packages/server/dist/main.js');
const ADMIN_USER = 'admin';
const ADMIN_PASSWORD = process.env.COMPAT_ADMIN_PASSWORD || 'compat-admin-password';
// Superset's transport parses answers with json-bigint.
const parser = JSONbig({ storeAsString: false });

async function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => resolve(addr.port));
    });
    srv.on('error', reject);
  });
}

export async function startServer() {
  if (!fs.existsSync(SERVER_MAIN)) {
    throw new Error(`${SERVER_MAIN} is missing: build the server first (npm run build)`);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-compat-'));
  const port = await freePort();
  let out = '';
  const child = spawn(process.execPath, [SERVER_MAIN], {
    env: {
      ...process.env,
      STRATA_PORT: String(port),
      STRATA_HOST: '127.0.0.1',
      STRATA_DATA_DIR: dataDir,
      STRATA_METADATA_URL: `sqlite:///${path.join(dataDir, 'strata.db')}`,
      STRATA_ADMIN_PASSWORD: ADMIN_PASSWORD,
      STRATA_LOG_LEVEL: 'warn',
      UV_THREADPOOL_SIZE: '16',
      STRATA_WEB_DIST: '',
      STRATA_LOAD_EXAMPLES: 'true',
      STRATA_LOAD_EXAMPLE_DASHBOARDS: 'true',
      STRATA_REDIS_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const baseUrl = `http://127.0.0.1:${port}`;
  const alive = () => child.exitCode === null && child.signalCode === null;
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (!alive()) throw new Error(`server exited early:\n${out}`);
    try {
      if ((await fetch(`${baseUrl}/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become healthy:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const login = await fetch(`${baseUrl}/api/v1/security/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: ADMIN_USER,
      password: ADMIN_PASSWORD,
      provider: 'db',
      refresh: false,
    }),
  });
  if (!login.ok) throw new Error(`login answered ${login.status}: ${await login.text()}`);
  const { access_token: token } = await login.json();
  return {
    baseUrl,
    output: () => out,
    client: makeClient(baseUrl, token),
    async close() {
      if (alive()) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A small client: JSON (or a form) in, JSON out, with the Bearer token; throws on a non-2xx answer. */
function makeClient(baseUrl, token) {
  async function call(method, endpoint, body) {
    const form = body instanceof FormData;
    const res = await fetch(`${baseUrl}${endpoint}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined || form ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined || form ? body : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) {
      const err = new Error(`${method} ${endpoint} answered ${res.status}: ${text.slice(0, 500)}`);
      err.status = res.status;
      throw err;
    }
    return text ? parser.parse(text) : null;
  }
  return {
    get: (endpoint) => call('GET', endpoint),
    post: (endpoint, body) => call('POST', endpoint, body),
    /**
     * A form post as SupersetClient's `postPayload` sends it: multipart/form-data, each field's
     * value JSON-encoded (core's callApi).
     */
    postForm(endpoint, fields) {
      const form = new FormData();
      for (const [key, value] of Object.entries(fields)) form.append(key, JSON.stringify(value));
      return call('POST', endpoint, form);
    },
  };
}
