import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import {
  BundleError,
  declaredEntryCount,
  isConfigFile,
  DEFAULT_BUNDLE_PARSE_LIMITS,
  looksLikeZip,
  parseBundle,
  readBundle,
  unsafeNameProblem,
  withoutRoot,
} from './bundle.js';

async function zipOf(files: Record<string, string>): Promise<Uint8Array> {
  const zip = new JSZip();
  for (const [name, text] of Object.entries(files)) zip.file(name, text);
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
}

const limits = { maxEntries: 10, maxTotalBytes: 1000, maxFileBytes: 600 };

describe('reading a bundle', () => {
  it('keeps the YAML files under their path without the root folder', async () => {
    const data = await zipOf({
      'dashboard_export_20240101T000000/metadata.yaml': 'version: 1.0.0\n',
      'dashboard_export_20240101T000000/charts/Sales.yaml': 'slice_name: Sales\n',
      'dashboard_export_20240101T000000/charts/.hidden.yaml': 'x: 1\n',
      'dashboard_export_20240101T000000/charts/_private.yml': 'x: 1\n',
      'dashboard_export_20240101T000000/README.txt': 'not yaml',
    });
    const contents = await readBundle(data);
    expect([...contents.keys()].sort()).toEqual(['charts/Sales.yaml', 'metadata.yaml']);
    expect(contents.get('charts/Sales.yaml')).toBe('slice_name: Sales\n');
  });

  it('takes a bundle zipped without a root folder as it is', async () => {
    const contents = await readBundle(
      await zipOf({ 'metadata.yaml': 'version: 1.0.0\n', 'charts/a.yaml': 'x: 1\n' }),
    );
    expect([...contents.keys()].sort()).toEqual(['charts/a.yaml', 'metadata.yaml']);
  });

  it('keeps a file that is not UTF-8 as null (reported later as not YAML)', async () => {
    const zip = new JSZip();
    zip.file('root/metadata.yaml', new Uint8Array([0xff, 0xfe, 0x00, 0x41]));
    const contents = await readBundle(await zip.generateAsync({ type: 'uint8array' }));
    expect(contents.get('metadata.yaml')).toBeNull();
  });

  it('refuses what is not a ZIP', async () => {
    await expect(readBundle(new TextEncoder().encode('version: 1.0.0\n'))).rejects.toThrow(
      new BundleError('Not a ZIP file'),
    );
    const truncated = (await zipOf({ 'a/metadata.yaml': 'x' })).slice(0, 30);
    await expect(readBundle(truncated)).rejects.toThrow(BundleError);
  });

  it('refuses too many entries before reading them', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 11; i++) files[`r/f${i}.yaml`] = 'x: 1\n';
    const data = await zipOf(files);
    expect(declaredEntryCount(data)).toBe(12); // the files and their folder
    await expect(readBundle(data, limits)).rejects.toThrow('The bundle holds more than 10 files');
  });

  it('stops decompressing at the size limits (a ZIP bomb costs at most the limit)', async () => {
    const big = await zipOf({ 'r/metadata.yaml': 'x: 1\n', 'r/charts/big.yaml': 'a'.repeat(700) });
    await expect(readBundle(big, limits)).rejects.toThrow(
      'charts/big.yaml is larger than the limit of 600 bytes',
    );
    const many = await zipOf({
      'r/a.yaml': 'a'.repeat(500),
      'r/b.yaml': 'b'.repeat(500),
      'r/c.yaml': 'c'.repeat(500),
    });
    await expect(readBundle(many, limits)).rejects.toThrow(
      'The bundle is larger than the limit of 1000 bytes once decompressed',
    );
  });

  it('never decompresses the files it does not read', async () => {
    const zip = new JSZip();
    zip.file('r/metadata.yaml', 'version: 1.0.0\n');
    zip.file('r/data/blob.bin', new Uint8Array(5000));
    const data = await zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
    const contents = await readBundle(data, limits);
    expect([...contents.keys()]).toEqual(['metadata.yaml']);
  });

  it('refuses unsafe names: relative segments, absolute paths, backslashes', async () => {
    for (const name of ['r/../../etc/evil.yaml', '/etc/evil.yaml', 'r\\evil.yaml']) {
      await expect(
        readBundle(await zipOf({ 'r/metadata.yaml': 'x: 1\n', [name]: 'x' })),
      ).rejects.toThrow(/^The bundle has a file name with /);
    }
  });

  it('refuses two files with the same path once the root is removed', () => {
    expect(() => withoutRoot(['a/metadata.yaml', 'b/metadata.yaml'])).toThrow(
      'The bundle holds metadata.yaml twice',
    );
  });
});

describe('parsing a bundle', () => {
  const parseLimits = {
    ...DEFAULT_BUNDLE_PARSE_LIMITS,
    yaml: { ...DEFAULT_BUNDLE_PARSE_LIMITS.yaml, maxNodes: 50 },
    maxTotalNodes: 80,
  };

  it('parses each file, and names each before parsing it', async () => {
    const data = await zipOf({
      'r/metadata.yaml': 'version: 1.0.0\n',
      'r/charts/a.yaml': 'slice_name: A\nok: yes\n',
      'r/charts/bad.yaml': 'a: [unclosed\n',
    });
    const seen: string[] = [];
    const result = await parseBundle(data, parseLimits, (p) => seen.push(p));
    expect(result).toEqual({
      ok: true,
      files: [
        ['metadata.yaml', { ok: true, value: { version: '1.0.0' } }],
        ['charts/a.yaml', { ok: true, value: { slice_name: 'A', ok: true } }],
        ['charts/bad.yaml', { ok: false }],
      ],
    });
    expect(seen).toEqual(['metadata.yaml', 'charts/a.yaml', 'charts/bad.yaml']);
  });

  it('refuses a file over its node limit as a problem of that file', async () => {
    const many = Array.from({ length: 30 }, (_, i) => `k${i}: v`).join('\n');
    const result = await parseBundle(
      await zipOf({ 'r/metadata.yaml': 'version: 1.0.0\n', 'r/charts/many.yaml': many }),
      parseLimits,
    );
    expect(result.ok && result.files[1]).toEqual([
      'charts/many.yaml',
      { ok: false, reason: 'The file holds more than the limit of 50 YAML nodes' },
    ]);
  });

  it('refuses a bundle over its total of nodes', async () => {
    const some = Array.from({ length: 20 }, (_, i) => `k${i}: v`).join('\n');
    const result = await parseBundle(
      await zipOf({ 'r/a.yaml': some, 'r/b.yaml': some, 'r/c.yaml': some }),
      parseLimits,
    );
    expect(result).toEqual({ ok: false, message: 'The bundle holds more than 80 YAML nodes' });
  });

  it('refuses a file whose aliases repeat a large string past the file size', async () => {
    const big = 'x'.repeat(1024 * 1024);
    const text = `s: &s ${big}\n` + Array.from({ length: 8 }, (_, i) => `a${i}: *s`).join('\n');
    const result = await parseBundle(
      await zipOf({ 'r/metadata.yaml': 'version: 1.0.0\n', 'r/charts/x.yaml': text }),
    );
    expect(result.ok && result.files[1]).toEqual([
      'charts/x.yaml',
      { ok: false, reason: 'The file expands to more than 4194304 characters of text' },
    ]);
  });

  it('refuses a 19 MB scalar zipped to a few KB by its size, without parsing it', async () => {
    const data = await zipOf({
      'r/metadata.yaml': 'version: 1.0.0\n',
      'r/charts/x.yaml': 'a: ' + 'x'.repeat(19e6),
    });
    expect(data.length).toBeLessThan(100_000);
    const started = performance.now();
    expect(await parseBundle(data)).toEqual({
      ok: false,
      message: 'charts/x.yaml is larger than the limit of 4 MB',
    });
    expect(performance.now() - started).toBeLessThan(5000);
  });
});

describe('bundle helpers', () => {
  it('tells unsafe names', () => {
    expect(unsafeNameProblem('root/charts/a.yaml')).toBeNull();
    expect(unsafeNameProblem('root/../a.yaml')).toBe('a relative segment');
    expect(unsafeNameProblem('./a.yaml')).toBe('a relative segment');
    expect(unsafeNameProblem('C:/a.yaml')).toBe('an absolute path');
    expect(unsafeNameProblem('a\u0000.yaml')).toBe('a control character');
    expect(unsafeNameProblem('')).toBe('an empty name');
  });

  it('reads only YAML files not starting with . or _', () => {
    expect(isConfigFile('charts/a.yaml')).toBe(true);
    expect(isConfigFile('charts/a.YML')).toBe(true);
    expect(isConfigFile('charts/.a.yaml')).toBe(false);
    expect(isConfigFile('charts/_a.yaml')).toBe(false);
    expect(isConfigFile('charts/a.json')).toBe(false);
  });

  it('recognises the start of a ZIP', () => {
    expect(looksLikeZip(new Uint8Array(30))).toBe(false);
    const empty = new Uint8Array(22);
    empty.set([0x50, 0x4b, 0x05, 0x06]);
    expect(looksLikeZip(empty)).toBe(true);
    expect(declaredEntryCount(empty)).toBe(0);
  });
});
