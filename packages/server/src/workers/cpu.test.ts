/**
 * The server's CPU work through real worker threads (started from the sources here): results
 * equal to the same work done on this thread, and limits that end in clear failures.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseBundle } from '../imports/bundle.js';
import { renderTemplateBatch } from '../sql/templating/batch.js';
import { prepareScript } from '../sqllab/prepare.js';
import { checkStatements } from '../sqllab/statement-check.js';
import {
  acquireCpuWork,
  checkScript,
  INLINE_SQL_CHARS,
  prepareSqlScript,
  readBundleFiles,
  renderTemplates,
} from './cpu.js';
import { workerDialect } from './dialects.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const SALES_ZIP = fs.readFileSync(
  path.resolve(here, '../../examples-dashboards/sales-dashboard.zip'),
);

let held: { release(): Promise<void> };
beforeAll(() => {
  held = acquireCpuWork({
    workers: 2,
    memoryMb: 128,
    taskTimeoutMs: 20_000,
    templateTimeoutMs: 500,
  });
});
afterAll(async () => held.release());

const context = {
  templateParams: { n: 3, names: ["o'brien", 'x'] },
  urlParams: { region: 'east' },
  user: { id: 7, username: 'ada' },
  filters: [{ col: 'kind', op: 'IN', val: ['a', 'b'] }],
};

describe('CPU work in worker threads', () => {
  it('renders templates as this thread does, with the engine quoting', async () => {
    const texts = [
      'plain text',
      "{{ url_param('region') }} {{ names | where_in }} {{ current_username() }}",
      "{% for i in range(n) %}{{ i }}{% endfor %} {{ filter_values('kind') | where_in }}",
    ];
    const batch = { texts, context, engine: 'mysql' };
    const answer = await renderTemplates(batch);
    const mysql = workerDialect('mysql');
    expect(answer).toEqual(
      renderTemplateBatch(batch, { quote: mysql.literal, quoteIdentifier: mysql.quoteIdentifier }),
    );
    expect(answer.ok && answer.results[1]!.sql).toBe("east ('o''brien', 'x') ada");
  });

  it('ends a template loop at its time budget and names the text', async () => {
    const bomb =
      '{% for i in range(100000) %}{% for j in range(100000) %}{{ i }}{% endfor %}{% endfor %}';
    const started = performance.now();
    const answer = await renderTemplates({
      texts: ['a', '{{ 1 }}', bomb],
      context,
      engine: 'postgresql',
    });
    expect(answer).toMatchObject({ ok: false, index: 2 });
    expect(!answer.ok && answer.message).toMatch(/took longer than 500 ms/);
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it('prepares and checks long SQL scripts in a worker as on this thread', async () => {
    const statement = "SELECT a, b, 'x;y' AS c FROM t WHERE a > 1 AND b IN (1, 2, 3)";
    const sql = Array.from({ length: 200 }, () => statement).join(';\n');
    expect(sql.length).toBeGreaterThan(INLINE_SQL_CHARS);
    const input = {
      sql,
      engine: 'postgresql' as const,
      allowDml: false,
      allowCtas: true,
      allowCvas: false,
      limit: 100,
      ctas: { method: 'TABLE' as const, table: 'out', schema: 'tmp' },
    };
    const inWorker = await prepareSqlScript({ ...input, dialect: 'postgresql' });
    expect(inWorker).toEqual(
      prepareScript({ ...input, quoteIdentifier: workerDialect('postgresql').quoteIdentifier }),
    );
    expect(inWorker.ok && inWorker.script.createdTable).toBe('tmp.out');
    const refused = await prepareSqlScript({
      ...input,
      sql: `${sql};\nDELETE FROM t`,
      dialect: 'postgresql',
    });
    expect(refused.ok).toBe(false);
    expect(await checkScript(sql, 'postgresql', false)).toEqual({
      ok: true,
      statements: checkStatements(sql, 'postgresql', false),
    });
  });

  it('reads a bundle in a worker as on this thread', async () => {
    const answer = await readBundleFiles(SALES_ZIP);
    const inline = await parseBundle(SALES_ZIP);
    expect(answer.ok).toBe(true);
    expect(inline.ok).toBe(true);
    expect(answer.ok && [...answer.contents]).toEqual(inline.ok && inline.files);
    expect(await readBundleFiles(new TextEncoder().encode('not a zip at all, not at all'))).toEqual(
      {
        ok: false,
        status: 400,
        message: 'Not a ZIP file',
      },
    );
  });
});
