import { describe, expect, it } from 'vitest';
import { ctasMethods, ctasNameError, ctasPlaceholder, ctasTargetSchema, ctasTitle } from './ctas';
import { executeBody, startedQuery } from './execute';

describe('CREATE TABLE/VIEW AS', () => {
  it('offers what the database allows', () => {
    expect(ctasMethods({ allow_ctas: true, allow_cvas: true })).toEqual(['TABLE', 'VIEW']);
    expect(ctasMethods({ allow_ctas: false, allow_cvas: true })).toEqual(['VIEW']);
    expect(ctasMethods({ allow_ctas: false, allow_cvas: false })).toEqual([]);
    expect(ctasMethods(null)).toEqual([]);
    expect(ctasTitle('VIEW')).toBe('CREATE VIEW AS');
    expect(ctasTitle('TABLE')).toBe('CREATE TABLE AS');
  });

  it('names the schema the table goes to', () => {
    expect(ctasTargetSchema({ force_ctas_schema: 'scratch' }, 'main')).toBe('scratch');
    expect(ctasTargetSchema({ force_ctas_schema: null }, 'main')).toBe('main');
    expect(ctasPlaceholder('TABLE', 'main')).toBe(
      'Specify name to CREATE TABLE AS schema in: main',
    );
    expect(ctasPlaceholder('VIEW', null)).toBe('Specify name to CREATE VIEW AS');
  });

  it('accepts plain identifiers only', () => {
    expect(ctasNameError('')).toBeNull();
    expect(ctasNameError(' big_sales ')).toBeNull();
    expect(ctasNameError('_t1')).toBeNull();
    expect(ctasNameError('1t')).toMatch(/must start with a letter/);
    expect(ctasNameError('a b')).toMatch(/must start with a letter/);
    expect(ctasNameError('x;drop')).toMatch(/must start with a letter/);
  });

  it('sends select_as_cta, ctas_method and tmp_table_name', () => {
    const input = {
      clientId: 'c1',
      editor: {
        id: 'e1',
        tabViewId: null,
        name: 'Tab',
        dbId: 1,
        catalog: null,
        schema: 'main',
        templateParams: null,
        queryLimit: 100,
      },
      database: { id: 1, database_name: 'db', allow_run_async: false },
      sql: 'SELECT 1',
      defaultLimit: 1000,
      now: 0,
    };
    const plain = executeBody(input);
    expect(plain).toMatchObject({ select_as_cta: false, tmp_table_name: '' });
    const body = executeBody({ ...input, ctas: { method: 'VIEW', tableName: ' v1 ' } });
    expect(body).toMatchObject({ select_as_cta: true, ctas_method: 'VIEW', tmp_table_name: 'v1' });
    expect(startedQuery(body, { dbName: 'db', now: 0 })).toMatchObject({
      ctas: true,
      ctas_method: 'VIEW',
      tempTable: 'v1',
    });
  });
});
