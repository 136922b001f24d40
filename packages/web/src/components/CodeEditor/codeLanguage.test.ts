import { describe, expect, it } from 'vitest';
import { codeLanguageOf, editInModalLabel } from './codeLanguage';

describe('codeLanguageOf', () => {
  it('knows the code languages of text controls, in any case', () => {
    expect(codeLanguageOf('css')).toBe('css');
    expect(codeLanguageOf('Markdown')).toBe('markdown');
    expect(codeLanguageOf(' SQL ')).toBe('sql');
    expect(codeLanguageOf('handlebars')).toBe('handlebars');
    expect(codeLanguageOf('md')).toBe('markdown');
    expect(codeLanguageOf('js')).toBe('javascript');
  });

  it('takes anything else as plain text', () => {
    expect(codeLanguageOf(undefined)).toBeNull();
    expect(codeLanguageOf(null)).toBeNull();
    expect(codeLanguageOf('')).toBeNull();
    expect(codeLanguageOf('cobol')).toBeNull();
    expect(codeLanguageOf(3)).toBeNull();
  });
});

describe('editInModalLabel', () => {
  it('names the language between "Edit" and "in modal"', () => {
    expect(editInModalLabel('css')).toBe('Edit css in modal');
    expect(editInModalLabel(null)).toBe('Edit in modal');
  });
});
