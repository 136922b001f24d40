/**
 * The CodeMirror language of a text control's code: SQL at once (SQL Lab's, already loaded);
 * CSS, HTML (also for handlebars templates, which are HTML with `{{ }}`), JSON and markdown
 * loaded on first use, so that their packages stay out of the pages that never show them.
 * JavaScript controls (deprecated in Superset) are edited as plain text.
 */
import type { Extension } from '@codemirror/state';
import type { CodeLanguage } from './codeLanguage';

const loaded = new Map<CodeLanguage, Promise<Extension | null>>();

function load(language: CodeLanguage): Promise<Extension | null> {
  switch (language) {
    case 'css':
      return import('@codemirror/lang-css').then((m) => m.css());
    case 'html':
    case 'handlebars':
      return import('@codemirror/lang-html').then((m) => m.html());
    case 'json':
      return import('@codemirror/lang-json').then((m) => m.json());
    case 'markdown':
      return import('@codemirror/lang-markdown').then((m) => m.markdown());
    default:
      return Promise.resolve(null);
  }
}

/** The language's extension (null: plain text); a failed load is retried on the next call. */
export function languageSupport(language: CodeLanguage): Promise<Extension | null> {
  let p = loaded.get(language);
  if (!p) {
    p = load(language).catch((e: unknown) => {
      loaded.delete(language);
      console.error(`Could not load the ${language} editor`, e);
      return null;
    });
    loaded.set(language, p);
  }
  return p;
}
