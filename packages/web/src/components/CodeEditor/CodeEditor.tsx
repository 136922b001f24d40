/**
 * A code editor for text controls (CSS, templates, markdown, SQL, …): CodeMirror with line
 * numbers and a monospace font, highlighted in the control's language (`languageSupport.ts`).
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { Extension } from '@codemirror/state';
import type { BasicSetupOptions } from '@uiw/react-codemirror';
import { EditorView } from '@codemirror/view';
import { StandardSQL } from '@codemirror/lang-sql';
import { theme as antdTheme } from 'antd';
import { sqlLanguage } from '../../features/sqllab/components/sqlEditorConfig';
import { smallEditorTheme } from '../SqlExpressionEditor/editorTheme';
import { BoxedCodeMirror } from './BoxedCodeMirror';
import type { CodeLanguage } from './codeLanguage';
import { languageSupport } from './languageSupport';
import { useCodeMirrorTheme } from './useCodeMirrorTheme';

export interface CodeEditorProps {
  value: string;
  onChange: (text: string) => void;
  ariaLabel: string;
  language: CodeLanguage;
  /** CSS height of the box (e.g. 200 or "60vh"). */
  height: number | string;
  /** Whether the user can drag the box taller or shorter. */
  resizable?: boolean;
  autoFocus?: boolean;
}

const BASIC_SETUP: BasicSetupOptions = {
  lineNumbers: true,
  foldGutter: false,
  autocompletion: false,
  closeBrackets: true,
  bracketMatching: true,
  searchKeymap: true,
  tabSize: 2,
};

export function CodeEditor({
  value,
  onChange,
  ariaLabel,
  language,
  height,
  resizable = false,
  autoFocus = false,
}: CodeEditorProps) {
  const { token } = antdTheme.useToken();
  const codeMirrorTheme = useCodeMirrorTheme();
  const onChangeRef = useRef(onChange);
  useLayoutEffect(() => {
    onChangeRef.current = onChange;
  });
  const handleChange = useCallback((text: string) => onChangeRef.current(text), []);
  // Other languages than SQL arrive a moment later; the text is editable meanwhile.
  const [loadedLanguage, setLoadedLanguage] = useState<{
    language: CodeLanguage;
    extension: Extension | null;
  } | null>(null);
  useEffect(() => {
    if (language === 'sql') return;
    let live = true;
    void languageSupport(language).then((extension) => {
      if (live) setLoadedLanguage({ language, extension });
    });
    return () => {
      live = false;
    };
  }, [language]);
  const sql = useMemo(() => (language === 'sql' ? sqlLanguage(StandardSQL) : null), [language]);
  const languageExtension =
    sql ?? (loadedLanguage?.language === language ? loadedLanguage.extension : null);
  const extensions = useMemo(
    () => [
      ...(languageExtension ? [languageExtension] : []),
      EditorView.lineWrapping,
      EditorView.contentAttributes.of({
        'aria-label': ariaLabel,
        spellcheck: 'false',
        'data-language': language,
      }),
      smallEditorTheme(token),
    ],
    [languageExtension, language, ariaLabel, token],
  );
  return (
    <BoxedCodeMirror
      dataTest="code-editor"
      boxHeight={height}
      minHeight={60}
      resizable={resizable}
      theme={codeMirrorTheme}
      value={value}
      basicSetup={BASIC_SETUP}
      extensions={extensions}
      onChange={handleChange}
      autoFocus={autoFocus}
    />
  );
}
