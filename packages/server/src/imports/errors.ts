/**
 * The import's messages (Superset's words) and its failure answer: HTTP 422 with Superset's
 * CommandInvalidError as its error handler writes it —
 * `{"errors": [{"message": "Error importing dashboard", "error_type": "GENERIC_COMMAND_ERROR",
 * "level": "warning", "extra": {<file>: <problem>, "issue_codes": [...]}}]}` — where a problem
 * is a text ("… already exists and `overwrite=true` was not passed") or field messages
 * (`{"_schema": ["Must provide a password for the database"]}`). The web client prompts for
 * passwords and overwrite from exactly these texts.
 */
import { ApiError } from '../api/errors.js';
import { addFieldError, type FieldErrors } from './schemas.js';

export type ImportKind = 'database' | 'dataset' | 'chart' | 'dashboard' | 'saved_query';

/** Superset's `model_name` of each import command, as its messages name it. */
const MODEL_NAMES: Record<ImportKind, string> = {
  database: 'database',
  dataset: 'dataset',
  chart: 'chart',
  dashboard: 'dashboard',
  saved_query: 'saved_queries',
};

export const IMPORT_MESSAGES = {
  passwordNeeded: 'Must provide a password for the database',
  notYaml: 'Not a valid YAML file',
  noValidCommand: 'Could not find a valid command to import file',
  noValidFiles: 'No valid import files were found',
  missingMetadata: 'Missing metadata.yaml',
  sshTunnelUnsupported: 'SSH tunnels are not supported: remove ssh_tunnel from the database file',
  examplesMissing:
    'The bundle uses the examples database (__SQLALCHEMY_EXAMPLES_URI__), which is not installed on this server',
} as const;

/** "Dashboard already exists and `overwrite=true` was not passed" (Superset's text). */
export const alreadyExists = (model: string) =>
  `${model} already exists and \`overwrite=true\` was not passed`;
/** "A chart already exists and user doesn't have permissions to overwrite it". */
export const cannotOverwrite = (noun: string) =>
  `A ${noun} already exists and user doesn't have permissions to overwrite it`;
/** "Dataset doesn't exist and user doesn't have permission to create datasets". */
export const cannotCreate = (model: string, noun: string) =>
  `${model} doesn't exist and user doesn't have permission to create ${noun}s`;

/** Superset's issue for a command error. */
export const COMMAND_ISSUE = {
  code: 1010,
  message: 'Issue 1010 - Superset encountered an error while running a command.',
};

/** What went wrong per file: a text, or field messages. */
export type FileProblem = string | FieldErrors;

/** The problems of a bundle, per file, collected before anything is written. */
export class ImportProblems {
  readonly byFile = new Map<string, FileProblem>();

  get size(): number {
    return this.byFile.size;
  }

  has(file: string): boolean {
    return this.byFile.has(file);
  }

  /** A problem that is the whole answer for the file (a text). */
  setText(file: string, text: string): void {
    this.byFile.set(file, text);
  }

  /** Field messages of a file (merged with those it has; a text problem stays). */
  addFields(file: string, errors: FieldErrors): void {
    const current = this.byFile.get(file);
    if (typeof current === 'string') return;
    const merged = current ?? {};
    const walk = (node: FieldErrors, path: string[]) => {
      for (const [key, value] of Object.entries(node)) {
        if (Array.isArray(value)) for (const m of value) addFieldError(merged, [...path, key], m);
        else walk(value, [...path, key]);
      }
    };
    walk(errors, []);
    this.byFile.set(file, merged);
  }

  /** One field message of a file (`field` null: the file as a whole, `_schema`). */
  add(file: string, field: string | null, message: string): void {
    this.addFields(file, { [field ?? '_schema']: [message] });
  }
}

/** The 422 answer body of a failed import (`extra` holds the problems and the issue code). */
export function commandInvalidBody(message: string, problems: ReadonlyMap<string, FileProblem>) {
  return {
    errors: [
      {
        message,
        error_type: 'GENERIC_COMMAND_ERROR',
        level: 'warning',
        extra: { ...Object.fromEntries(problems), issue_codes: [COMMAND_ISSUE] },
      },
    ],
  };
}

/** A failed import as an API error: 422 in Superset's shape. */
export function commandInvalid(
  message: string,
  problems: ReadonlyMap<string, FileProblem> = new Map(),
): ApiError {
  return new ApiError(422, message, commandInvalidBody(message, problems));
}

/** "Error importing dashboard" ("Error importing saved_queries": Superset's model name). */
export const importErrorMessage = (kind: ImportKind) => `Error importing ${MODEL_NAMES[kind]}`;
