/**
 * The code languages of text controls (a control's `language` prop, as Superset's
 * TextAreaControl takes it) and what the editor can do with each.
 */

export type CodeLanguage =
  'sql' | 'json' | 'html' | 'css' | 'markdown' | 'javascript' | 'handlebars';

const KNOWN: readonly CodeLanguage[] = [
  'sql',
  'json',
  'html',
  'css',
  'markdown',
  'javascript',
  'handlebars',
];

/** The control's language when it is one we know (any case; "md" is markdown), else null. */
export function codeLanguageOf(language: unknown): CodeLanguage | null {
  if (typeof language !== 'string') return null;
  const l = language.trim().toLowerCase();
  if (l === 'md') return 'markdown';
  if (l === 'js') return 'javascript';
  return (KNOWN as readonly string[]).includes(l) ? (l as CodeLanguage) : null;
}

/** The "Edit … in modal" button's words: the language named between, as Superset does. */
export function editInModalLabel(language: CodeLanguage | null): string {
  return language ? `Edit ${language} in modal` : 'Edit in modal';
}
