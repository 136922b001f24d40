import { useEffect, useMemo } from 'react';
import { SqlEditor } from './components/SqlEditor';
import { validationMarkers } from './completions';
import { editorDialect } from './format';
import { editorUpdated } from './store/editorsSlice';
import { useSqlLabDispatch, useSqlLabSelector } from './store/hooks';
import { selectDatabase, selectEditor } from './store/selectors';
import { updateEditor } from './store/tabThunks';
import type { TabActions } from './TabView';
import { useCompletions, useLiveValidation } from './useSqlLab';
import type { QueryEditor } from './types';

/** The SQL editor of a tab, with completion, live validation markers and the shortcuts. */
export function EditorPane({
  editorId,
  actions,
  running,
}: {
  editorId: string;
  actions: TabActions;
  running: boolean;
}) {
  const editor = useSqlLabSelector((s) => selectEditor(s, editorId));
  if (!editor) return null;
  return <LoadedEditorPane editor={editor} actions={actions} running={running} />;
}

function LoadedEditorPane({
  editor,
  actions,
  running,
}: {
  editor: QueryEditor;
  actions: TabActions;
  running: boolean;
}) {
  const dispatch = useSqlLabDispatch();
  const database = useSqlLabSelector((s) => selectDatabase(s, editor.dbId));
  const completions = useCompletions(editor);
  useLiveValidation(editor, database !== null);
  const markers = useMemo(
    () => validationMarkers(editor.validationResult, editor.sql),
    [editor.validationResult, editor.sql],
  );
  const { id } = editor;
  // A freshly shown editor has no selection, whatever the tab had before.
  useEffect(() => {
    dispatch(editorUpdated({ id, changes: { selectedText: null } }));
  }, [dispatch, id]);

  return (
    <div style={{ height: '100%', minHeight: 0 }}>
      <SqlEditor
        value={editor.sql}
        onChange={(sql) => dispatch(updateEditor(id, { sql }))}
        onSelectionChange={(text) => {
          const selectedText = text === '' ? null : text;
          if (selectedText !== editor.selectedText) {
            dispatch(editorUpdated({ id, changes: { selectedText } }));
          }
        }}
        dialect={editorDialect(database?.backend)}
        completions={completions}
        markers={markers}
        defaultSchema={editor.schema}
        running={running}
        onRun={actions.run}
        onRunSelection={actions.runSelection}
        onStop={actions.stop}
        onFormat={actions.format}
        onSave={actions.save}
        onNewTab={actions.newTab}
        onEstimate={actions.estimate}
        height="100%"
        autoFocus
        bordered={false}
        placeholder="Write a query, then press Ctrl + Enter to run it"
      />
    </div>
  );
}
