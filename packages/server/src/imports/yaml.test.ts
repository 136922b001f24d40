import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { DEFAULT_YAML_LIMITS, expandedSize, parseYaml, yamlSize } from './yaml.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const examplesDir = path.resolve(here, '../../examples-dashboards');

describe('YAML limits', () => {
  it('count the nodes of a file and stop at the first excess', () => {
    expect(yamlSize('a: 1\nb: [x, "y", {c: d}]\ne: &k z\nf: *k\ng: |\n  text\n')).toEqual({
      // a 1 b [ x y { c d } e z f *k g text
      nodes: 15,
      problem: null,
    });
    const many = Array.from({ length: 1000 }, (_, i) => `k${i}: v`).join('\n');
    const limits = { ...DEFAULT_YAML_LIMITS, maxNodes: 500 };
    expect(yamlSize(many, limits)).toEqual({
      nodes: 501,
      problem: 'The file holds more than the limit of 500 YAML nodes',
    });
  });

  it('refuse deeply nested flow collections before building them', () => {
    for (const text of [
      'a: ' + '['.repeat(101) + ']'.repeat(101),
      '{a: '.repeat(101) + '1' + '}'.repeat(101),
    ]) {
      expect(yamlSize(text).problem).toBe('The file nests collections more than 100 levels deep');
    }
    expect(yamlSize('a: ' + '['.repeat(100) + ']'.repeat(100)).problem).toBeNull();
  });

  it('refuse aliases that expand (billion laughs), and say so', () => {
    const lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (let i = 1; i < 9; i++) {
      const prev = String.fromCharCode(96 + i);
      const name = String.fromCharCode(97 + i);
      lines.push(`${name}: &${name} [${Array(9).fill(`*${prev}`).join(',')}]`);
    }
    const bomb = lines.join('\n');
    // Small as text: the node count does not see the expansion, the alias budget does.
    expect(yamlSize(bomb).problem).toBeNull();
    expect(parseYaml(bomb)).toEqual({
      ok: false,
      reason: "The file's aliases expand to more than the limit of 100 nodes",
    });
    // An alias or two of a small node is fine (PyYAML writes them for repeated objects).
    expect(parseYaml('a: &x [1, 2]\nb: *x\n')).toEqual({
      ok: true,
      value: { a: [1, 2], b: [1, 2] },
    });
  });

  it('measure what aliases expand to: each repetition of a subtree counts', () => {
    const text =
      `s: &s ${'x'.repeat(1000)}\nl: &l [1, 2, 3]\n` +
      Array.from({ length: 50 }, (_, i) => `a${i}: [*s, *l]`).join('\n');
    const parsed = parseYaml(text);
    expect(parsed.ok).toBe(true);
    const value = (parsed as { value: unknown }).value;
    // The root, its 52 keys, `s`, `l` and its 3 items, then 50 × (a list, `s`, `l` and 3 items).
    // Characters: 51 copies of the string, and the keys (s, l, a0…a9, a10…a49).
    expect(expandedSize(value, { maxNodes: 1e6, maxChars: 1e6 })).toEqual({
      nodes: 1 + 52 + 1 + 4 + 50 * 6,
      chars: 51 * 1000 + 2 + 10 * 2 + 40 * 3,
      problem: null,
    });
    expect(expandedSize(value, { maxNodes: 1e6, maxChars: 10_000 }).problem).toBe(
      'The file expands to more than 10000 characters of text',
    );
    expect(expandedSize(value, { maxNodes: 100, maxChars: 1e6 }).problem).toBe(
      'The file expands to more than 100 values',
    );
  });

  it('refuse deep block nesting as too deep, not as a crash', () => {
    let text = '';
    for (let i = 0; i < 3000; i++) text += ' '.repeat(i) + `k${i}:\n`;
    const parsed = parseYaml(text);
    expect(parsed.ok).toBe(false);
  });

  it('are far above every file of the example bundles', async () => {
    let largest = { file: '', bytes: 0, nodes: 0 };
    for (const bundle of fs.readdirSync(examplesDir).filter((f) => f.endsWith('.zip'))) {
      const zip = await JSZip.loadAsync(fs.readFileSync(path.join(examplesDir, bundle)));
      for (const file of Object.values(zip.files)) {
        if (file.dir || !file.name.endsWith('.yaml')) continue;
        const text = await file.async('string');
        const size = yamlSize(text);
        expect(size.problem).toBeNull();
        expect(parseYaml(text).ok).toBe(true);
        if (size.nodes > largest.nodes)
          largest = { file: file.name, bytes: text.length, nodes: size.nodes };
      }
    }
    expect(largest.nodes).toBeGreaterThan(100);
    expect(largest.nodes * 100).toBeLessThan(DEFAULT_YAML_LIMITS.maxNodes);
  });
});
