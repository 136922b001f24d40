import { useCallback, useEffect, useRef, useState } from 'react';
import { Flex, Skeleton, Splitter } from 'antd';
import { MESSAGES } from '@strata/core';
import type { CtasMethod } from '@strata/core';
import { errorMessage } from '../../app/api';
import { useToasts } from '../../app/toasts';
import { copyText } from './components/clipboard';
import { CreateAsModal } from './components/CreateAsModal';
import { EstimateCostModal } from './components/EstimateCostModal';
import { ScheduleQueryModal } from './components/ScheduleQueryModal';
import { ctasTargetSchema } from './ctas';
import { SaveQueryModal } from './components/SaveQueryModal';
import { EditorPane } from './EditorPane';
import { EditorToolbar } from './EditorToolbar';
import { formatSql } from './format';
import { LeftBar } from './LeftBar';
import { isRunning } from './queries';
import { estimateCost } from './store/browseThunks';
import { useSqlLabDispatch, useSqlLabSelector } from './store/hooks';
import { runQuery, stopQuery } from './store/queryThunks';
import {
  saveQuery,
  savedQueryDescription,
  shareQuery,
  updateSavedQuery,
} from './store/savedQueryThunks';
import { selectDatabase, selectEditor } from './store/selectors';
import { addEditor, setEditorSplit, updateEditor } from './store/tabThunks';
import { SouthPane } from './SouthPane';
import { useElementSize } from './useSqlLab';
import { CSS_VAR } from '@strata/core';

/** The left bar's width (px). */
const LEFT_BAR_WIDTH = 300;

interface EstimateState {
  open: boolean;
  loading: boolean;
  result: Array<Record<string, unknown>> | null;
  error: string | null;
}

const CLOSED_ESTIMATE: EstimateState = { open: false, loading: false, result: null, error: null };

/** What the toolbar and the editor's shortcuts do for a tab. */
export interface TabActions {
  run: () => void;
  runSelection: () => void;
  stop: () => void;
  format: () => void;
  save: () => void;
  share: () => void;
  estimate: () => void;
  /** Opens the CREATE TABLE AS / CREATE VIEW AS dialog. */
  createAs: (method: CtasMethod) => void;
  /** Opens the schedule dialog. */
  schedule: () => void;
  newTab: () => void;
}

/** The active tab: left bar, toolbar, editor and south pane, with the dialogs they open. */
export function TabView({ editorId }: { editorId: string }) {
  const dispatch = useSqlLabDispatch();
  const toasts = useToasts();
  const editor = useSqlLabSelector((s) => selectEditor(s, editorId));
  const database = useSqlLabSelector((s) => selectDatabase(s, editor?.dbId ?? null));
  const latest = useSqlLabSelector((s) =>
    editor?.latestQueryId ? (s.queries.byId[editor.latestQueryId] ?? null) : null,
  );
  const [saveOpen, setSaveOpen] = useState(false);
  const [description, setDescription] = useState('');
  const [estimate, setEstimate] = useState<EstimateState>(CLOSED_ESTIMATE);
  const [createAs, setCreateAs] = useState<CtasMethod | null>(null);
  const [scheduleOpen, setScheduleOpen] = useState(false);

  const running = latest !== null && isRunning(latest.state);
  const latestId = latest?.id ?? null;
  const backend = database?.backend ?? null;
  const remoteId = editor?.remoteId ?? null;

  const actions: TabActions = {
    run: () => void dispatch(runQuery(editorId, { selection: true })),
    runSelection: () => void dispatch(runQuery(editorId, { selection: true })),
    stop: () => {
      if (latestId && running) void dispatch(stopQuery(latestId));
    },
    format: () => {
      if (!editor) return;
      formatSql(editor.sql, backend)
        .then((sql) => {
          if (sql !== editor.sql) dispatch(updateEditor(editorId, { sql }));
        })
        .catch((e: unknown) => toasts.addDangerToast(errorMessage(e)));
    },
    save: () => {
      setDescription('');
      setSaveOpen(true);
      if (remoteId !== null) {
        void dispatch(savedQueryDescription(remoteId)).then(setDescription);
      }
    },
    share: () => {
      dispatch(shareQuery(editorId))
        .then(async (url) => {
          try {
            await copyText(url);
            toasts.addSuccessToast(MESSAGES.linkCopied);
          } catch {
            toasts.addDangerToast(MESSAGES.copyUnsupported);
          }
        })
        .catch((e: unknown) => toasts.addDangerToast(errorMessage(e)));
    },
    estimate: () => {
      setEstimate({ open: true, loading: true, result: null, error: null });
      dispatch(estimateCost(editorId))
        .then((result) => setEstimate((s) => (s.open ? { ...s, loading: false, result } : s)))
        .catch((e: unknown) =>
          setEstimate((s) => (s.open ? { ...s, loading: false, error: errorMessage(e) } : s)),
        );
    },
    createAs: setCreateAs,
    schedule: () => setScheduleOpen(true),
    newTab: () => void dispatch(addEditor()),
  };

  if (!editor) return null;
  if (!editor.loaded) return <TabSkeleton />;

  return (
    <Flex style={{ flex: 1, minHeight: 0, borderTop: `1px solid ${CSS_VAR.borderSecondary}` }}>
      {editor.hideLeftBar ? null : (
        <aside
          aria-label="Database browser"
          style={{
            width: LEFT_BAR_WIDTH,
            flex: `0 0 ${LEFT_BAR_WIDTH}px`,
            borderRight: `1px solid ${CSS_VAR.borderSecondary}`,
            minHeight: 0,
            display: 'flex',
            flexDirection: 'column',
            background: CSS_VAR.surface,
          }}
        >
          <LeftBar editorId={editorId} />
        </aside>
      )}
      <Flex vertical style={{ flex: 1, minWidth: 0, minHeight: 0, background: CSS_VAR.surface }}>
        <EditorToolbar editorId={editorId} actions={actions} running={running} />
        <SplitPanes editorId={editorId} actions={actions} running={running} />
      </Flex>
      <SaveQueryModal
        open={saveOpen}
        defaultLabel={editor.name}
        defaultDescription={description}
        canUpdate={editor.remoteId !== null}
        onSave={async (input) => {
          await dispatch(saveQuery(editorId, input));
          setSaveOpen(false);
        }}
        onUpdate={async (input) => {
          await dispatch(updateSavedQuery(editorId, input));
          setSaveOpen(false);
        }}
        onCancel={() => setSaveOpen(false)}
      />
      <CreateAsModal
        method={createAs}
        schema={ctasTargetSchema(database, editor.schema)}
        onCreate={(method, tableName) => {
          setCreateAs(null);
          void dispatch(runQuery(editorId, { ctas: { method, tableName } }));
        }}
        onCancel={() => setCreateAs(null)}
      />
      <ScheduleQueryModal
        open={scheduleOpen}
        editorId={editorId}
        onClose={() => setScheduleOpen(false)}
      />
      <EstimateCostModal
        open={estimate.open}
        loading={estimate.loading}
        result={estimate.result}
        error={estimate.error}
        onClose={() => setEstimate(CLOSED_ESTIMATE)}
      />
    </Flex>
  );
}

/** A tab whose state is being read from the server. */
function TabSkeleton() {
  return (
    <Flex
      style={{ flex: 1, minHeight: 0, borderTop: `1px solid ${CSS_VAR.borderSecondary}` }}
      aria-busy="true"
    >
      <div
        style={{
          width: LEFT_BAR_WIDTH,
          padding: 16,
          borderRight: `1px solid ${CSS_VAR.borderSecondary}`,
        }}
      >
        <Skeleton active paragraph={{ rows: 5 }} title={false} />
      </div>
      <div style={{ flex: 1, padding: 16 }}>
        <Skeleton active paragraph={{ rows: 10 }} title={false} />
      </div>
    </Flex>
  );
}

/** Editor above, south pane below, with a drag handle; heights kept in percent per tab. */
function SplitPanes({
  editorId,
  actions,
  running,
}: {
  editorId: string;
  actions: TabActions;
  running: boolean;
}) {
  const dispatch = useSqlLabDispatch();
  const north = useSqlLabSelector((s) => s.editors.byId[editorId]?.northPercent ?? 40);
  const south = useSqlLabSelector((s) => s.editors.byId[editorId]?.southPercent ?? 60);
  const [sizes, setSizes] = useState<Array<number | string>>([`${north}%`, `${south}%`]);
  useEffect(() => setSizes([`${north}%`, `${south}%`]), [north, south]);
  const southRef = useRef<HTMLDivElement>(null);
  const southSize = useElementSize(southRef);
  const onResizeEnd = useCallback(
    (px: number[]) => dispatch(setEditorSplit(editorId, px)),
    [dispatch, editorId],
  );

  return (
    <Splitter
      orientation="vertical"
      style={{ flex: 1, minHeight: 0 }}
      onResize={setSizes}
      onResizeEnd={onResizeEnd}
    >
      <Splitter.Panel size={sizes[0]} min="15%" max="85%" style={{ overflow: 'hidden' }}>
        <EditorPane editorId={editorId} actions={actions} running={running} />
      </Splitter.Panel>
      <Splitter.Panel size={sizes[1]} style={{ overflow: 'hidden' }}>
        <div ref={southRef} style={{ height: '100%', minHeight: 0 }}>
          <SouthPane editorId={editorId} height={southSize.height} />
        </div>
      </Splitter.Panel>
    </Splitter>
  );
}
