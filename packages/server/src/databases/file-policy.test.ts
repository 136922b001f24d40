import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  APP_FILE_MESSAGE,
  BROKEN_LINK_MESSAGE,
  canonicalPath,
  fileDatabaseRefusal,
  isInside,
  type FileDatabaseRules,
} from './file-policy.js';

const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'strata-policy-')));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
const uploads = path.join(root, 'uploads');
const outside = path.join(root, 'outside');
fs.mkdirSync(uploads);
fs.mkdirSync(outside);
fs.writeFileSync(path.join(outside, 'target.db'), '');
fs.symlinkSync(path.join(outside, 'target.db'), path.join(uploads, 'link.db'));
fs.symlinkSync(outside, path.join(uploads, 'dirlink'));
fs.symlinkSync(path.join(root, 'missing', 'x.db'), path.join(uploads, 'dangling.db'));

const rules: FileDatabaseRules = {
  allowedDirs: [uploads],
  protectedFiles: [path.join(root, 'strata.db'), path.join(root, 'secret_key')],
  protectedDirs: [path.join(root, 'results')],
  examplesFiles: [path.join(root, 'examples.duckdb')],
};
const admin = { admin: true, examplesDatabase: false };

describe('canonicalPath', () => {
  it('follows links of existing parts and keeps the missing rest', () => {
    expect(canonicalPath(path.join(uploads, 'new.db'))).toBe(path.join(uploads, 'new.db'));
    expect(canonicalPath(path.join(uploads, 'link.db'))).toBe(path.join(outside, 'target.db'));
    expect(canonicalPath(path.join(uploads, 'dirlink', 'new', 'x.db'))).toBe(
      path.join(outside, 'new', 'x.db'),
    );
    expect(canonicalPath(path.join(uploads, '..', 'strata.db'))).toBe(path.join(root, 'strata.db'));
    expect(canonicalPath(path.join(uploads, 'dangling.db'))).toBeNull();
  });
});

describe('isInside', () => {
  it('compares whole path segments', () => {
    expect(isInside('/a/b/c', '/a/b')).toBe(true);
    expect(isInside('/a/b', '/a/b')).toBe(true);
    expect(isInside('/a/bc', '/a/b')).toBe(false);
    expect(isInside('/a', '/a/b')).toBe(false);
    expect(isInside('/a/b/..x', '/a/b')).toBe(true);
  });
});

describe('fileDatabaseRefusal', () => {
  it('refuses a non-Admin before looking at the path, in memory included', () => {
    const who = { admin: false, examplesDatabase: false };
    for (const file of [null, path.join(uploads, 'x.db'), '/etc/passwd']) {
      expect(fileDatabaseRefusal('SQLite', file, who, rules)).toMatch(
        /^SQLite cannot be used as a data source for security reasons/,
      );
    }
  });

  it('lets an Admin use memory and the allowed folder, nothing else', () => {
    expect(fileDatabaseRefusal('DuckDB', null, admin, rules)).toBeNull();
    expect(
      fileDatabaseRefusal('DuckDB', path.join(uploads, 'a', 'b.duckdb'), admin, rules),
    ).toBeNull();
    for (const file of [
      '/etc/passwd',
      path.join(uploads, '..', 'x.db'),
      path.join(uploads, 'link.db'),
      path.join(uploads, 'dirlink', 'x.db'),
      path.join(root, 'uploads-evil', 'x.db'),
    ]) {
      expect(fileDatabaseRefusal('SQLite', file, admin, rules), file).toMatch(
        /must be inside a folder allowed/,
      );
    }
    expect(fileDatabaseRefusal('SQLite', path.join(uploads, 'dangling.db'), admin, rules)).toBe(
      BROKEN_LINK_MESSAGE,
    );
  });

  it("refuses the app's own files, and examples.duckdb but to the examples database", () => {
    for (const file of [
      path.join(root, 'strata.db'),
      path.join(root, 'secret_key'),
      path.join(root, 'results', 'k', '0.json'),
      path.join(root, 'examples.duckdb'),
    ]) {
      expect(fileDatabaseRefusal('SQLite', file, admin, rules), file).toBe(APP_FILE_MESSAGE);
    }
    expect(
      fileDatabaseRefusal(
        'DuckDB',
        path.join(root, 'examples.duckdb'),
        { admin: true, examplesDatabase: true },
        rules,
      ),
    ).toBeNull();
  });
});
