import path from 'node:path';
import { MESSAGES } from '@strata/core';
import type { ConnectionParameters } from '../types.js';
import { EngineError } from '../types.js';

/** Where a file-database URI points: an in-memory database or a file path (absolute). */
export type FileTarget = { kind: 'memory' } | { kind: 'file'; path: string };

const SCHEME = /^([a-zA-Z][a-zA-Z0-9+.-]*):\/\/(.*)$/s;

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * Resolves a path against the data directory. Absolute paths are kept; relative ones must stay
 * inside `dataDir` (`../x.db` that escapes it is refused).
 */
export function resolveDataPath(file: string, dataDir: string, scheme: string): string {
  if (file.includes('\0'))
    throw new EngineError('invalid_uri', 'The database path contains a NUL character');
  if (path.isAbsolute(file)) return path.resolve(file);
  const root = path.resolve(dataDir);
  const resolved = path.resolve(root, file);
  const rel = path.relative(root, resolved);
  if (rel === '..' || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel)) {
    throw new EngineError(
      'invalid_uri',
      `The database path ${file} points outside the data directory; give an absolute path instead (four slashes: ${scheme}:////absolute/path)`,
    );
  }
  return resolved;
}

/**
 * Parses a SQLAlchemy-style file-database URI (`sqlite:`, `duckdb:`): three slashes then a path
 * relative to the data directory (`duckdb:///rel.duckdb`), four slashes for an absolute path
 * (`duckdb:////abs/file.duckdb`), `:memory:` or nothing for an in-memory database. A query
 * string (`?…`) is ignored.
 */
export function parseFileUri(uri: string, schemes: readonly string[], dataDir: string): FileTarget {
  const m = SCHEME.exec(uri.trim());
  const backend = m?.[1]?.split('+')[0]?.toLowerCase();
  if (!m || !backend || !schemes.includes(backend)) {
    throw new EngineError(
      'invalid_uri',
      `Invalid connection string: expected ${schemes[0]}:///path/to/file`,
    );
  }
  const rest = (m[2] ?? '').replace(/[?#].*$/s, '');
  if (rest === '') return { kind: 'memory' };
  if (!rest.startsWith('/')) {
    throw new EngineError(
      'invalid_uri',
      `Invalid connection string: a ${backend} URI has no host; use ${backend}:///relative/path or ${backend}:////absolute/path`,
    );
  }
  const file = decode(rest.slice(1));
  if (file === '' || file === ':memory:') return { kind: 'memory' };
  return { kind: 'file', path: resolveDataPath(file, dataDir, backend) };
}

/** The URI of a path given in the parameters form (`:memory:`, relative or absolute). */
export function fileUri(scheme: string, file: string): string {
  const p = file.trim();
  return `${scheme}:///${p.replace(/[%?#]/g, (c) => encodeURIComponent(c))}`;
}

/**
 * The parameters form of a file database (DuckDB, SQLite): one `path`, and the URI it makes.
 * `label` names the kind of file in the field's help text.
 */
export function fileDatabaseForm(scheme: string, label: string) {
  return {
    parameters: {
      type: 'object',
      properties: {
        path: {
          type: 'string',
          description: `Path of the ${label} file: absolute, or relative to the data directory; :memory: for an in-memory database`,
        },
      },
      required: ['path'],
    } as Record<string, unknown>,
    buildUri(params: ConnectionParameters): string {
      return fileUri(scheme, params.path ?? '');
    },
    validateParameters(params: ConnectionParameters): Record<string, string> {
      return params.path?.trim() ? {} : { path: MESSAGES.requiredField };
    },
  };
}
