import { describe, expect, it } from 'vitest';
import { risonDecode } from '@strata/core';
import type { PermissionPair } from '@strata/core';
import {
  IMPORT_TEXTS,
  importFileProblem,
  importFormData,
  importProblems,
  importUrl,
  isOverwriteConfirmed,
} from './importErrors';
import { fileNameFromDisposition } from '../../app/download';
import { canExport, defaultExportName, exportUrl } from './exportFile';

const ISSUE_CODES = [
  { code: 1010, message: 'Issue 1010 - Superset encountered an error while running a command.' },
];

/** A 422 answer with one error whose `extra` is given. */
const answer = (extra: Record<string, unknown>, message = 'Error importing dashboard') => ({
  errors: [{ message, error_type: 'GENERIC_COMMAND_ERROR', level: 'warning', extra }],
});

const NEEDS_PASSWORD = { _schema: ['Must provide a password for the database'] };
const EXISTS = 'Dashboard already exists and `overwrite=true` was not passed';

describe('importProblems', () => {
  it('asks for the passwords of the database files', () => {
    const p = importProblems(
      'dashboard',
      answer({
        'databases/examples.yaml': NEEDS_PASSWORD,
        'databases/other.yaml': NEEDS_PASSWORD,
        issue_codes: ISSUE_CODES,
      }),
      'Unprocessable Entity',
    );
    expect(p.fatal).toBeNull();
    expect(p.passwordsNeeded).toEqual(['databases/examples.yaml', 'databases/other.yaml']);
    expect(p.alreadyExists).toEqual([]);
  });

  it('asks to confirm an overwrite of what already exists', () => {
    const p = importProblems(
      'dashboard',
      answer({
        'dashboards/x.yaml': EXISTS,
        'charts/y.yaml': ['Chart already exists and `overwrite=true` was not passed'],
        issue_codes: ISSUE_CODES,
      }),
      '',
    );
    expect(p.fatal).toBeNull();
    expect(p.alreadyExists).toEqual(['dashboards/x.yaml', 'charts/y.yaml']);
  });

  it('gives passwords and overwrite together', () => {
    const p = importProblems(
      'dashboard',
      answer({ 'databases/examples.yaml': NEEDS_PASSWORD, 'dashboards/x.yaml': EXISTS }),
      '',
    );
    expect(p).toMatchObject({
      passwordsNeeded: ['databases/examples.yaml'],
      alreadyExists: ['dashboards/x.yaml'],
      fatal: null,
    });
  });

  it('treats missing SSH tunnel secrets as answerable', () => {
    const p = importProblems(
      'database',
      answer({
        'databases/a.yaml': {
          _schema: [
            'Must provide a password for the ssh tunnel',
            'Must provide a private key for the ssh tunnel',
            'Must provide a private key password for the ssh tunnel',
          ],
        },
      }),
      '',
    );
    expect(p.fatal).toBeNull();
    expect(p.sshNeeded.map((s) => s.file)).toEqual([
      'databases/a.yaml',
      'databases/a.yaml',
      'databases/a.yaml',
    ]);
  });

  it('is fatal when any error is of another kind, with the spec message and the reasons', () => {
    const p = importProblems(
      'database',
      answer(
        {
          'metadata.yaml': { type: ['Must be equal to Database.'] },
          'databases/examples.yaml': NEEDS_PASSWORD,
          issue_codes: ISSUE_CODES,
        },
        'Error importing database',
      ),
      '',
    );
    expect(p.fatal).toBe('An error occurred while importing database: Error importing database');
    expect(p.details).toEqual(['metadata.yaml: type: Must be equal to Database.']);
    // Nothing is asked of the user when the import cannot go on.
    expect(p.passwordsNeeded).toEqual([]);
  });

  it('is fatal when a file has a plain error text or a list of them', () => {
    expect(importProblems('chart', answer({ 'charts/a.yaml': 'Not a chart' }), '').details).toEqual(
      ['charts/a.yaml: Not a chart'],
    );
    const p = importProblems(
      'chart',
      answer({
        'charts/a.yaml': ['Bad thing', 'Chart already exists and `overwrite=true` was not passed'],
      }),
      '',
    );
    expect(p.fatal).not.toBeNull();
    expect(p.details).toEqual(['charts/a.yaml: Bad thing']);
  });

  it('is fatal when the extra names no file (only issue codes, or none)', () => {
    expect(importProblems('dashboard', answer({ issue_codes: ISSUE_CODES }), '').fatal).toBe(
      'An error occurred while importing dashboard: Error importing dashboard',
    );
    expect(importProblems('dashboard', { errors: [{ message: 'Boom' }] }, '').fatal).toBe(
      'An error occurred while importing dashboard: Boom',
    );
  });

  it('joins the messages of several errors', () => {
    const body = {
      errors: [
        { message: 'First', extra: { 'a.yaml': 'x' } },
        { message: 'Second', extra: { 'b.yaml': NEEDS_PASSWORD } },
      ],
    };
    expect(importProblems('dataset', body, '').fatal).toBe(
      'An error occurred while importing dataset: First\nSecond',
    );
  });

  it('gives the message of a 400 or 403 answer, else the fallback', () => {
    expect(importProblems('dataset', { message: 'Forbidden' }, '403 Forbidden').fatal).toBe(
      'An error occurred while importing dataset: Forbidden',
    );
    expect(importProblems('dataset', null, 'Network error.').fatal).toBe(
      'An error occurred while importing dataset: Network error.',
    );
    expect(importProblems('dataset', { errors: [] }, 'Bad Request').fatal).toBe(
      'An error occurred while importing dataset: Bad Request',
    );
  });
});

describe('importFormData', () => {
  it('carries the file, overwrite, the typed passwords and empty SSH secrets', async () => {
    const file = new File(['PK'], 'bundle.zip', { type: 'application/zip' });
    const form = importFormData(file, {
      overwrite: true,
      passwords: { 'databases/examples.yaml': 'secret', 'databases/empty.yaml': '' },
    });
    const sent = form.get('formData');
    expect(sent).toBeInstanceOf(File);
    expect((sent as File).name).toBe('bundle.zip');
    expect(await (sent as File).text()).toBe('PK');
    expect(form.get('overwrite')).toBe('true');
    expect(JSON.parse(form.get('passwords') as string)).toEqual({
      'databases/examples.yaml': 'secret',
    });
    expect(form.get('ssh_tunnel_passwords')).toBe('{}');
    expect(form.get('ssh_tunnel_private_keys')).toBe('{}');
    expect(form.get('ssh_tunnel_private_key_passwords')).toBe('{}');
  });

  it('says overwrite false and sends an empty password map when none is typed', () => {
    const form = importFormData(new Blob(['x']), { overwrite: false, passwords: {} });
    expect(form.get('overwrite')).toBe('false');
    expect(form.get('passwords')).toBe('{}');
    expect((form.get('formData') as File).name).toBe('import.zip');
  });
});

describe('texts and small rules', () => {
  it("uses Superset's wording per resource", () => {
    expect(IMPORT_TEXTS.dashboard.title).toBe('Import dashboard');
    expect(IMPORT_TEXTS.chart.buttonLabel).toBe('Import charts');
    expect(IMPORT_TEXTS.dataset.imported).toBe('Dataset imported');
    expect(IMPORT_TEXTS.dataset.overwriteWarning).toBe(
      'You are importing one or more datasets that already exist. Overwriting might cause you to lose some of your work. Are you sure you want to overwrite?',
    );
    expect(IMPORT_TEXTS.database.passwordsNeeded).toMatch(
      /^The passwords for the databases below are needed in order to import them\. Please note that the "Secure Extra" and "Certificate" sections/,
    );
    expect(IMPORT_TEXTS.dashboard.passwordsNeeded).toContain(
      'import them together with the dashboards.',
    );
  });

  it("words saved queries as Superset's saved query list does", () => {
    expect(IMPORT_TEXTS.saved_query).toEqual({
      label: 'queries',
      title: 'Import queries',
      buttonLabel: 'Import saved queries',
      imported: 'Query imported',
      passwordsNeeded:
        'The passwords for the databases below are needed in order to import them together with the saved queries. Please note that the "Secure Extra" and "Certificate" sections of the database configuration are not present in export files, and should be added manually after the import if they are needed.',
      overwriteWarning:
        'You are importing one or more saved queries that already exist. Overwriting might cause you to lose some of your work. Are you sure you want to overwrite?',
      view: 'SavedQuery',
    });
    expect(importUrl('saved_query')).toBe('/api/v1/saved_query/import/');
    const p = importProblems(
      'saved_query',
      answer(
        {
          'queries/examples/main/Q.yaml':
            'Saved_Queries already exists and `overwrite=true` was not passed',
        },
        'Error importing saved_queries',
      ),
      '',
    );
    expect(p).toMatchObject({ fatal: null, alreadyExists: ['queries/examples/main/Q.yaml'] });
    expect(
      importProblems(
        'saved_query',
        answer({ 'queries/a.yaml': 'Boom' }, 'Error importing saved_queries'),
        '',
      ).fatal,
    ).toBe('An error occurred while importing queries: Error importing saved_queries');
  });

  it('confirms the overwrite only with the word', () => {
    expect(isOverwriteConfirmed('OVERWRITE')).toBe(true);
    expect(isOverwriteConfirmed(' overwrite ')).toBe(true);
    expect(isOverwriteConfirmed('OVERWRIT')).toBe(false);
    expect(isOverwriteConfirmed('')).toBe(false);
  });

  it('takes only .zip bundles', () => {
    expect(importFileProblem('export.ZIP')).toBeNull();
    expect(importFileProblem('dashboard.yaml')).toBe('The file must end with .zip');
  });

  it('posts to the resource import address', () => {
    expect(importUrl('database')).toBe('/api/v1/database/import/');
  });
});

describe('export', () => {
  it('lists the ids as rison', () => {
    const url = exportUrl('dashboard', [1, 2]);
    expect(url.startsWith('/api/v1/dashboard/export/?q=')).toBe(true);
    expect(risonDecode(decodeURIComponent(url.split('?q=')[1]!))).toEqual([1, 2]);
    expect(exportUrl('saved_query', [3])).toBe('/api/v1/saved_query/export/?q=!(3)');
    expect(defaultExportName('saved_query')).toBe('saved_query_export.zip');
  });

  it('reads the file name of Content-Disposition', () => {
    const fb = defaultExportName('chart');
    expect(fb).toBe('chart_export.zip');
    expect(
      fileNameFromDisposition('attachment; filename="dashboard_export_20240101T000000.zip"', fb),
    ).toBe('dashboard_export_20240101T000000.zip');
    expect(fileNameFromDisposition('attachment; filename=a.zip', fb)).toBe('a.zip');
    expect(
      fileNameFromDisposition(`attachment; filename="x.zip"; filename*=UTF-8''caf%C3%A9.zip`, fb),
    ).toBe('café.zip');
    expect(fileNameFromDisposition('attachment; filename="../../etc/x.zip"', fb)).toBe('x.zip');
    expect(fileNameFromDisposition('attachment', fb)).toBe(fb);
    expect(fileNameFromDisposition(null, fb)).toBe(fb);
  });

  it('needs can_export on the resource view', () => {
    const user = (...pairs: PermissionPair[]) => ({ roles: { R: pairs } });
    expect(canExport(user(['can_export', 'Dashboard']), 'dashboard')).toBe(true);
    expect(canExport(user(['can_read', 'Dataset']), 'dataset')).toBe(false);
    expect(canExport(user(['can_export', 'Database']), 'database')).toBe(true);
    expect(canExport(user(['can_export', 'SavedQuery']), 'saved_query')).toBe(true);
    expect(canExport(user(['can_read', 'SavedQuery']), 'saved_query')).toBe(false);
    expect(canExport(null, 'chart')).toBe(false);
  });
});
