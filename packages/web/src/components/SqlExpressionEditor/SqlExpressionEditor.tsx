/**
 * One SQL expression (a filter's WHERE/HAVING clause, a metric, a calculated column): CodeMirror
 * with the database's SQL dialect, completing the dataset's columns (their type beside them),
 * its saved metrics, the database's functions and SQL keywords. The box can be resized
 * vertically. Tab leaves the editor (it is a form field); Escape closes the completion list
 * first, then reaches the popover or modal around it; Ctrl/Cmd+Enter does nothing.
 */
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { BasicSetupOptions } from '@uiw/react-codemirror';
import { completionStatus } from '@codemirror/autocomplete';
import { Prec } from '@codemirror/state';
import { EditorView, tooltips } from '@codemirror/view';
import { theme as antdTheme } from 'antd';
import { sqlDialect, sqlLanguage } from '../../features/sqllab/components/sqlEditorConfig';
import { buildExpressionOptions, type ExpressionSources } from './expressionCompletions';
import { expressionCompletionSource } from './completionSource';
import { smallEditorTheme } from './editorTheme';
import { useFunctionNames } from './useFunctionNames';
import { BoxedCodeMirror } from '../CodeEditor/BoxedCodeMirror';
import { useCodeMirrorTheme } from '../CodeEditor/useCodeMirrorTheme';

export interface SqlExpressionEditorProps {
  value: string;
  onChange: (sql: string) => void;
  /** The accessible name of the editing area. */
  ariaLabel: string;
  /** The dataset's columns (name, type, label). */
  columns?: ExpressionSources['columns'];
  /** The dataset's saved metrics, offered too (metric editors). */
  metrics?: ExpressionSources['metrics'];
  /** The dataset's database: its backend picks the dialect, its id the function names. */
  database?: { id: number; backend?: string | null } | null;
  /** The starting height in pixels (about 160 in popovers, as Superset's). */
  height?: number;
  /** Whether the user can drag the box taller or shorter (default true). */
  resizable?: boolean;
  lineNumbers?: boolean;
  placeholder?: string;
  autoFocus?: boolean;
  /** A red border, as antd's inputs with status="error". */
  invalid?: boolean;
}

/**
 * Keys that must not leave the editor: Escape while the completion list is open closes only
 * the list (the popover or modal around would close on it too); Ctrl/Cmd+Enter does nothing
 * (Explore runs the chart on it, which would leave the popover's unsaved text behind).
 */
const KEYS = Prec.highest(
  EditorView.domEventHandlers({
    keydown(event, view) {
      if (event.key === 'Escape' && completionStatus(view.state) !== null) {
        event.stopPropagation();
        return false;
      }
      if ((event.ctrlKey || event.metaKey) && event.key === 'Enter') {
        event.stopPropagation();
        event.preventDefault();
        return true;
      }
      return false;
    },
  }),
);

export function SqlExpressionEditor({
  value,
  onChange,
  ariaLabel,
  columns,
  metrics,
  database,
  height = 160,
  resizable = true,
  lineNumbers = false,
  placeholder,
  autoFocus = false,
  invalid = false,
}: SqlExpressionEditorProps) {
  const { token } = antdTheme.useToken();
  const codeMirrorTheme = useCodeMirrorTheme();
  // The editor keeps one change handler: a new one each render would reconfigure it.
  const onChangeRef = useRef(onChange);
  useLayoutEffect(() => {
    onChangeRef.current = onChange;
  });
  const handleChange = useCallback((text: string) => onChangeRef.current(text), []);
  const functions = useFunctionNames(database?.id);
  const backend = database?.backend ?? null;
  const basicSetup = useMemo<BasicSetupOptions>(
    () => ({
      lineNumbers,
      foldGutter: false,
      highlightActiveLineGutter: lineNumbers,
      autocompletion: true,
      completionKeymap: true,
      closeBrackets: true,
      bracketMatching: true,
      searchKeymap: false,
      tabSize: 2,
    }),
    [lineNumbers],
  );
  // Kept while the names and types stay the same (a parent may rebuild its arrays per keystroke).
  const built = buildExpressionOptions({ columns, metrics, functions });
  const signature = JSON.stringify(built);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on the content, not identity
  const options = useMemo(() => built, [signature]);
  // The completion list lives beside the box, not in it: the box clips what overflows it (it
  // must, to be resizable), and in a popover or modal CodeMirror places the list absolutely.
  const [tooltipHost, setTooltipHost] = useState<HTMLDivElement | null>(null);
  const extensions = useMemo(() => {
    const dialect = sqlDialect(backend);
    return [
      KEYS,
      ...(tooltipHost ? [tooltips({ parent: tooltipHost })] : []),
      sqlLanguage(dialect),
      dialect.language.data.of({ autocomplete: expressionCompletionSource(options, dialect) }),
      EditorView.lineWrapping,
      EditorView.contentAttributes.of({ 'aria-label': ariaLabel, spellcheck: 'false' }),
      smallEditorTheme(token),
    ];
  }, [backend, options, ariaLabel, token, tooltipHost]);
  return (
    <div style={{ position: 'relative' }}>
      <div ref={setTooltipHost} />
      <BoxedCodeMirror
        className="strata-sql-expression-editor"
        dataTest="sql-expression-editor"
        boxHeight={height}
        minHeight={48}
        resizable={resizable}
        invalid={invalid}
        theme={codeMirrorTheme}
        value={value}
        basicSetup={basicSetup}
        extensions={extensions}
        onChange={handleChange}
        autoFocus={autoFocus}
        placeholder={placeholder}
      />
    </div>
  );
}
