export { CodeEditor } from './CodeEditor';
export type { CodeEditorProps } from './CodeEditor';
export { codeLanguageOf, editInModalLabel } from './codeLanguage';
export type { CodeLanguage } from './codeLanguage';
