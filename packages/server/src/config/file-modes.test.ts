import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { privateMode, tightenExisting } from './file-modes.js';

const made: string[] = [];
afterEach(() => {
  for (const d of made.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function tmp(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-modes-'));
  made.push(d);
  return d;
}

const modeOf = (p: string) => fs.lstatSync(p).mode & 0o777;

describe('privateMode', () => {
  it('drops group and other bits, keeps the owner bits', () => {
    expect(privateMode(0o100644)).toBe(0o600);
    expect(privateMode(0o40755)).toBe(0o700);
    expect(privateMode(0o100400)).toBe(0o400);
  });
});

describe('tightenExisting', () => {
  it('makes the data dir, its files and folders private, without following links', () => {
    const dir = tmp();
    const outside = tmp();
    fs.chmodSync(dir, 0o755);
    fs.writeFileSync(path.join(dir, 'strata.db'), 'x', { mode: 0o644 });
    fs.writeFileSync(path.join(dir, 'strata.db-wal'), 'x', { mode: 0o666 });
    fs.mkdirSync(path.join(dir, 'results', 'abc'), { recursive: true, mode: 0o755 });
    fs.writeFileSync(path.join(dir, 'results', 'abc', '0.json'), '[]', { mode: 0o644 });
    const target = path.join(outside, 'shared.txt');
    fs.writeFileSync(target, 'x', { mode: 0o644 });
    fs.chmodSync(target, 0o644);
    fs.symlinkSync(target, path.join(dir, 'link'));
    const elsewhere = path.join(outside, 'meta.db');
    fs.writeFileSync(elsewhere, 'x');
    fs.chmodSync(elsewhere, 0o644);

    const changed = tightenExisting(dir, [elsewhere]);
    expect(modeOf(dir)).toBe(0o700);
    expect(modeOf(path.join(dir, 'strata.db'))).toBe(0o600);
    expect(modeOf(path.join(dir, 'strata.db-wal'))).toBe(0o600);
    expect(modeOf(path.join(dir, 'results'))).toBe(0o700);
    expect(modeOf(path.join(dir, 'results', 'abc'))).toBe(0o700);
    expect(modeOf(path.join(dir, 'results', 'abc', '0.json'))).toBe(0o600);
    expect(modeOf(elsewhere)).toBe(0o600);
    // The link's target is not ours to change.
    expect(modeOf(target)).toBe(0o644);
    expect(changed).toContain(path.join(dir, 'strata.db'));
    // Nothing left to change the second time.
    expect(tightenExisting(dir, [elsewhere])).toEqual([]);
  });
});
