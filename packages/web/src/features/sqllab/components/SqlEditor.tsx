import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import CodeMirror from '@uiw/react-codemirror';
import type { BasicSetupOptions } from '@uiw/react-codemirror';
import type { SQLDialect } from '@codemirror/lang-sql';
import { closeCompletion } from '@codemirror/autocomplete';
import { lintGutter, linter, setDiagnostics } from '@codemirror/lint';
import { Compartment, Prec } from '@codemirror/state';
import type { Extension } from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';
import type { KeyBinding, ViewUpdate } from '@codemirror/view';
import { theme as antdTheme } from 'antd';
import { SHORTCUT_KEYS } from './shortcuts';
import type { ShortcutAction } from './shortcuts';
import {
  completionExtension,
  markersToDiagnostics,
  sqlDialect,
  sqlLanguage,
} from './sqlEditorConfig';
import type { EditorMarker, SqlCompletions } from './sqlEditorConfig';
import { useCodeMirrorTheme } from '../../../components/CodeEditor/useCodeMirrorTheme';
import {
  completionListStyles,
  MONOSPACE,
} from '../../../components/SqlExpressionEditor/editorTheme';

/** The editor's shortcuts for this platform ({keys, description}), for the shortcuts popover. */
export { KEYBOARD_SHORTCUTS } from './shortcuts';
export type { KeyboardShortcut } from './shortcuts';
export type { EditorMarker, SqlCompletions } from './sqlEditorConfig';

export interface SqlEditorProps {
  value: string;
  onChange: (sql: string) => void;
  /** The selected text (empty when nothing is selected), reported as the selection changes. */
  onSelectionChange?: (selectedText: string) => void;
  /** The database backend: 'duckdb' | 'sqlite' | 'postgresql' | 'mysql' | other (standard SQL). */
  dialect: string;
  /**
   * What to complete. Reconfigured in place when it changes (compared field by field, so a new
   * wrapper object around the same arrays costs nothing).
   */
  completions: SqlCompletions;
  /** Problems to mark (1-based lines and columns; the whole line when there is no column). */
  markers?: EditorMarker[];
  onRun: () => void;
  onRunSelection?: () => void;
  onStop?: () => void;
  onFormat?: () => void;
  onSave?: () => void;
  onNewTab?: () => void;
  onEstimate?: () => void;
  height: number | string;
  readOnly?: boolean;
  autoFocus?: boolean;
  /** Added: the tab's schema; tables of other schemas complete schema-qualified. */
  defaultSchema?: string | null;
  /**
   * Added: whether a query is running. When false, Ctrl+E is left to the editor (line end on
   * macOS) instead of stopping; when not given, Ctrl+E always calls `onStop`.
   */
  running?: boolean;
  /** Added: text shown while the editor is empty. */
  placeholder?: string;
  /** Added: a thin border around the editor (default true). */
  bordered?: boolean;
}

const BASIC_SETUP: BasicSetupOptions = {
  lineNumbers: true,
  highlightActiveLine: true,
  highlightActiveLineGutter: true,
  bracketMatching: true,
  closeBrackets: true,
  autocompletion: true,
  foldGutter: true,
  highlightSelectionMatches: true,
  searchKeymap: true,
  completionKeymap: true,
  lintKeymap: true,
  tabSize: 2,
};

function editorTheme(token: ReturnType<typeof antdTheme.getDesignToken>): Extension {
  return EditorView.theme({
    '&': { fontSize: '13px', backgroundColor: token.colorBgContainer, height: '100%' },
    '&.cm-focused': { outline: 'none' },
    '.cm-scroller': { fontFamily: MONOSPACE, lineHeight: '1.55' },
    '.cm-content': { padding: '6px 0' },
    '.cm-gutters': {
      backgroundColor: token.colorFillQuaternary,
      borderRight: `1px solid ${token.colorBorderSecondary}`,
      color: token.colorTextTertiary,
    },
    '.cm-activeLineGutter': { backgroundColor: token.colorPrimaryBg, color: token.colorText },
    '.cm-activeLine': { backgroundColor: 'rgba(31, 122, 140, 0.05)' },
    '.cm-matchingBracket, &.cm-focused .cm-matchingBracket': {
      backgroundColor: token.colorPrimaryBgHover,
      outline: `1px solid ${token.colorPrimaryBorder}`,
    },
    ...completionListStyles(token, { maxHeight: '16em' }),
    '.cm-completionIcon-type:after, .cm-completionIcon-class:after': { content: '"t"' },
    '.cm-completionIcon-property:after, .cm-completionIcon-variable:after': { content: '"c"' },
    '.cm-completionIcon-namespace:after': { content: '"s"' },
    '.cm-completionIcon-constant:after': { content: '"v"' },
    '.cm-placeholder': { color: token.colorTextPlaceholder },
    '.cm-diagnostic': { fontFamily: MONOSPACE, fontSize: '12px' },
    '.cm-panels': {
      backgroundColor: token.colorBgLayout,
      color: token.colorText,
      fontSize: '12px',
    },
    '.cm-panels.cm-panels-bottom': { borderTop: `1px solid ${token.colorBorderSecondary}` },
    '.cm-panel.cm-search': { padding: '6px 28px 6px 8px' },
    '.cm-panel.cm-search input, .cm-panel.cm-search button': {
      fontSize: '12px',
      borderRadius: `${token.borderRadiusSM}px`,
    },
    '.cm-textfield': {
      border: `1px solid ${token.colorBorder}`,
      backgroundColor: token.colorBgContainer,
      padding: '2px 6px',
    },
    '.cm-button': {
      backgroundImage: 'none',
      backgroundColor: token.colorBgContainer,
      border: `1px solid ${token.colorBorder}`,
      padding: '2px 8px',
    },
    '.cm-panel.cm-search label': { fontSize: '12px' },
  });
}

function cssSize(size: number | string): string {
  return typeof size === 'number' ? `${size}px` : size;
}

/** Completions equal field by field (the same arrays and maps). */
function sameCompletions(a: SqlCompletions, b: SqlCompletions): boolean {
  return (
    a === b ||
    (a.schemas === b.schemas &&
      a.tables === b.tables &&
      a.columns === b.columns &&
      a.functions === b.functions &&
      a.keywords === b.keywords)
  );
}

/**
 * The SQL editor: CodeMirror 6 with the database's dialect, completion of keywords, schemas,
 * tables, columns and functions, lint markers, and SQL Lab's shortcuts. The editor is created
 * once; the dialect, completions and markers are swapped in place.
 */
export function SqlEditor(props: SqlEditorProps) {
  const {
    value,
    dialect,
    completions,
    markers,
    height,
    readOnly = false,
    autoFocus = false,
    defaultSchema = null,
    placeholder,
    bordered = true,
  } = props;
  const { token } = antdTheme.useToken();
  const codeMirrorTheme = useCodeMirrorTheme();
  /** The tokens the editor's look was last built from. */
  const lookToken = useRef(token);
  const propsRef = useRef(props);
  useLayoutEffect(() => {
    propsRef.current = props;
  });
  const [view, setView] = useState<EditorView | null>(null);
  const lastSelection = useRef('');

  // Built once: later changes go through the compartments, never a new editor.
  const [setup] = useState(() => {
    const language = new Compartment();
    const completion = new Compartment();
    const look = new Compartment();
    const initialDialect = sqlDialect(dialect);
    const handler =
      (action: ShortcutAction) =>
      (v: EditorView): boolean => {
        const p = propsRef.current;
        switch (action) {
          case 'run': {
            // The completion list would stay open over the results otherwise.
            closeCompletion(v);
            const selection = v.state.selection.main;
            if (!selection.empty && p.onRunSelection) p.onRunSelection();
            else p.onRun();
            return true;
          }
          case 'estimate':
            if (!p.onEstimate) return false;
            p.onEstimate();
            return true;
          case 'stop':
            if (!p.onStop || p.running === false) return false;
            p.onStop();
            return true;
          case 'format':
            if (!p.onFormat || p.readOnly) return false;
            p.onFormat();
            return true;
          case 'save':
            // Kept from the browser's "Save page" even without a handler.
            p.onSave?.();
            return true;
          case 'newTab':
            if (!p.onNewTab) return false;
            p.onNewTab();
            return true;
          default:
            return false;
        }
      };
    const bindings: KeyBinding[] = (Object.keys(SHORTCUT_KEYS) as ShortcutAction[]).map(
      (action) => ({ key: SHORTCUT_KEYS[action], run: handler(action) }),
    );
    const extensions: Extension[] = [
      language.of(sqlLanguage(initialDialect)),
      completion.of(completionExtension(initialDialect, completions, defaultSchema)),
      Prec.highest(keymap.of(bindings)),
      linter(null),
      lintGutter(),
      EditorView.contentAttributes.of({ 'aria-label': 'SQL editor' }),
      look.of(editorTheme(token)),
    ];
    return {
      language,
      completion,
      look,
      extensions,
      applied: { dialect: initialDialect, completions, defaultSchema },
    };
  });

  const onChange = useCallback((text: string) => propsRef.current.onChange(text), []);
  const onUpdate = useCallback((update: ViewUpdate) => {
    if (!update.selectionSet && !update.docChanged) return;
    const { from, to } = update.state.selection.main;
    const selected = update.state.sliceDoc(from, to);
    if (selected !== lastSelection.current) {
      lastSelection.current = selected;
      propsRef.current.onSelectionChange?.(selected);
    }
  }, []);
  const onCreateEditor = useCallback((created: EditorView) => setView(created), []);

  const dialectObject: SQLDialect = sqlDialect(dialect);
  useEffect(() => {
    if (!view) return;
    const applied = setup.applied;
    const effects = [];
    if (applied.dialect !== dialectObject) {
      effects.push(setup.language.reconfigure(sqlLanguage(dialectObject)));
    }
    if (
      applied.dialect !== dialectObject ||
      applied.defaultSchema !== defaultSchema ||
      !sameCompletions(applied.completions, completions)
    ) {
      effects.push(
        setup.completion.reconfigure(
          completionExtension(dialectObject, completions, defaultSchema),
        ),
      );
    }
    if (effects.length === 0) return;
    setup.applied = { dialect: dialectObject, completions, defaultSchema };
    view.dispatch({ effects });
  }, [view, setup, dialectObject, completions, defaultSchema]);

  // The theme switched (light/dark): the editor takes the new tokens in place.
  useEffect(() => {
    if (!view || lookToken.current === token) return;
    lookToken.current = token;
    view.dispatch({ effects: setup.look.reconfigure(editorTheme(token)) });
  }, [view, setup, token]);

  useEffect(() => {
    if (!view) return;
    view.dispatch(setDiagnostics(view.state, markersToDiagnostics(view.state.doc, markers ?? [])));
  }, [view, markers]);

  return (
    <div
      className="strata-sql-editor"
      style={{
        height: cssSize(height),
        border: bordered ? `1px solid ${token.colorBorder}` : undefined,
        borderRadius: bordered ? token.borderRadius : undefined,
        overflow: 'hidden',
        background: token.colorBgContainer,
      }}
    >
      <CodeMirror
        value={value}
        height="100%"
        style={{ height: '100%' }}
        basicSetup={BASIC_SETUP}
        extensions={setup.extensions}
        theme={codeMirrorTheme}
        onChange={onChange}
        onUpdate={onUpdate}
        onCreateEditor={onCreateEditor}
        readOnly={readOnly}
        autoFocus={autoFocus}
        placeholder={placeholder}
      />
    </div>
  );
}
