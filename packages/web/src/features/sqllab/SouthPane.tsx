import { useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { Badge, Tabs } from 'antd';
import { EyeOutlined, HistoryOutlined, TableOutlined } from '@ant-design/icons';
import type { ResultColumn } from '@strata/core';
import { api, errorMessage } from '../../app/api';
import { useCurrentUser } from '../../app/BootstrapContext';
import { useToasts } from '../../app/toasts';
import { canCreateDataset, canExplore, canExportCsv } from './access';
import { ctasTargetSchema } from './ctas';
import { exploreKeyUrl, exploreQueryBody } from './exploreQuery';
import { ResultSet } from './components/ResultSet';
import { defaultDatasetName, SaveDatasetModal } from '../../components/SaveDatasetModal';
import { isRunning } from './queries';
import { QueryHistory } from './QueryHistory';
import { useSqlLabDispatch, useSqlLabSelector } from './store/hooks';
import { ensureResults, loadRows, rerunLatest, stopQuery } from './store/queryThunks';
import { makeSelectEditorPanels, makeSelectEditorQueries, selectDatabase } from './store/selectors';
import { queryTableInNewTab } from './store/savedQueryThunks';
import { runPreview } from './store/tableThunks';
import { tableUpdated } from './store/tablesSlice';
import { resultsDropped } from './store/resultsSlice';
import { southTabShown } from './store/uiSlice';
import type { SouthTab } from './types';
import { csvUrl } from './urls';
import { useElementSize } from './useSqlLab';
import { CSS_VAR } from '@strata/core';

/** The results of one query (a tab's latest, or a data preview), with what can be done with them. */
export function QueryResults({
  queryId,
  height,
  isPreview = false,
  onRerun,
  tabName = null,
}: {
  queryId: string | null;
  height: number;
  isPreview?: boolean;
  onRerun?: () => void;
  /** The tab's current name: what "Save dataset" suggests (the query keeps the name it ran under). */
  tabName?: string | null;
}) {
  const dispatch = useSqlLabDispatch();
  const user = useCurrentUser();
  const query = useSqlLabSelector((s) => (queryId ? (s.queries.byId[queryId] ?? null) : null));
  const database = useSqlLabSelector((s) => selectDatabase(s, query?.dbId ?? null));
  const results = useSqlLabSelector((s) =>
    queryId ? (s.results.byQueryId[queryId] ?? null) : null,
  );
  const [datasetOpen, setDatasetOpen] = useState(false);
  const toasts = useToasts();
  const state = query?.state;
  const resultsKey = query?.resultsKey;

  useEffect(() => {
    dispatch(ensureResults(queryId));
  }, [dispatch, queryId, state, resultsKey]);

  const mayCreateDataset = canCreateDataset(user) && !isPreview;
  const columns: ResultColumn[] = results?.columns ?? [];
  const loading = query !== null && (isRunning(query.state) || query.resultsLoading);
  const error =
    query?.state === 'failed' ? (query.errorMessage ?? null) : (query?.resultsError ?? null);

  /** Explore on the query itself (no dataset saved); Ctrl/⌘-click opens a new tab. */
  const explore = async (event: MouseEvent) => {
    if (!query) return;
    const newTab = event.ctrlKey || event.metaKey;
    try {
      const { key } = await api.post<{ key: string }>(
        '/api/v1/explore/form_data',
        exploreQueryBody(query.queryId, columns),
      );
      if (newTab) window.open(exploreKeyUrl(key), '_blank', 'noopener,noreferrer');
      else window.location.assign(exploreKeyUrl(key));
    } catch (e) {
      toasts.addDangerToast(errorMessage(e));
    }
  };

  return (
    <>
      <ResultSet
        query={query}
        results={results}
        loading={loading}
        error={error}
        errors={query?.errors ?? []}
        height={height}
        onStop={query ? () => void dispatch(stopQuery(query.id)) : undefined}
        onRerun={onRerun}
        loadRows={
          query?.resultsKey
            ? (offset: number, limit: number) => dispatch(loadRows(query.id, offset, limit))
            : undefined
        }
        csvUrl={query && query.state === 'success' && canExportCsv(user) ? csvUrl(query.id) : null}
        canCreateDataset={mayCreateDataset}
        onCreateChart={mayCreateDataset ? () => setDatasetOpen(true) : undefined}
        onExplore={
          query && !isPreview && query.state === 'success' && canExplore(user)
            ? (e) => void explore(e)
            : undefined
        }
        onSaveDataset={mayCreateDataset ? () => setDatasetOpen(true) : undefined}
        onQueryTable={
          query && !isPreview
            ? (schema, table) =>
                void dispatch(
                  // Where the server wrote it: the database's forced schema, else the query's.
                  queryTableInNewTab(
                    query.dbId,
                    schema ?? ctasTargetSchema(database, query.schema),
                    table,
                  ),
                )
            : undefined
        }
        isPreview={isPreview}
      />
      {query && mayCreateDataset ? (
        <SaveDatasetModal
          open={datasetOpen}
          onClose={() => setDatasetOpen(false)}
          dbId={query.dbId}
          schema={query.schema}
          catalog={query.catalog}
          sql={query.executedSql && !query.sql ? query.executedSql : query.sql}
          templateParams={query.templateParams ?? undefined}
          columns={columns}
          defaultName={defaultDatasetName(tabName ?? query.tab)}
        />
      ) : null}
    </>
  );
}

/** Height of the south pane's tab bar (px). */
const TAB_BAR_HEIGHT = 40;

/** Results, query history and one tab per data preview, for the active tab. */
export function SouthPane({ editorId, height }: { editorId: string; height: number }) {
  const dispatch = useSqlLabDispatch();
  const selectQueries = useMemo(makeSelectEditorQueries, []);
  const selectPanels = useMemo(makeSelectEditorPanels, []);
  const history = useSqlLabSelector((s) => selectQueries(s, editorId));
  const panels = useSqlLabSelector((s) => selectPanels(s, editorId));
  const latestQueryId = useSqlLabSelector((s) => s.editors.byId[editorId]?.latestQueryId ?? null);
  const tabName = useSqlLabSelector((s) => s.editors.byId[editorId]?.name ?? null);
  const chosen = useSqlLabSelector((s) => s.ui.southTab[editorId] ?? 'results');
  const previews = panels.filter((p) => p.dataPreviewQueryId !== null);
  // Ids of the previews still running, as one text so the selector's answer compares equal.
  const runningPreviews = useSqlLabSelector((s) =>
    previews
      .filter((p) => {
        const q = p.dataPreviewQueryId ? s.queries.byId[p.dataPreviewQueryId] : undefined;
        return q !== undefined && isRunning(q.state);
      })
      .map((p) => p.id)
      .join(' '),
  );
  const active: SouthTab =
    chosen.startsWith('preview:') && !previews.some((p) => `preview:${p.id}` === chosen)
      ? 'results'
      : chosen;
  const bodyRef = useRef<HTMLDivElement>(null);
  const body = useElementSize(bodyRef);
  const bodyHeight = body.height || Math.max(0, height - TAB_BAR_HEIGHT);

  const closePreview = (panelId: string) => {
    const panel = panels.find((p) => p.id === panelId);
    if (!panel?.dataPreviewQueryId) return;
    dispatch(resultsDropped([panel.dataPreviewQueryId]));
    dispatch(tableUpdated({ id: panelId, changes: { dataPreviewQueryId: null } }));
    if (active === `preview:${panelId}`) dispatch(southTabShown({ editorId, tab: 'results' }));
  };

  const items = [
    {
      key: 'results',
      closable: false,
      label: (
        <span>
          <TableOutlined /> Results
        </span>
      ),
    },
    {
      key: 'history',
      closable: false,
      label: (
        <span>
          <HistoryOutlined /> Query history{' '}
          <Badge
            count={history.length}
            showZero={false}
            size="small"
            color="#6b7b80"
            overflowCount={999}
          />
        </span>
      ),
    },
    ...previews.map((p) => ({
      key: `preview:${p.id}`,
      closable: true,
      label: (
        <span title={`Data preview of ${p.schema ? `${p.schema}.` : ''}${p.name}`}>
          {runningPreviews.split(' ').includes(p.id) ? (
            <Badge status="processing" />
          ) : (
            <EyeOutlined />
          )}{' '}
          {p.name}
        </span>
      ),
    })),
  ];

  const previewPanel = previews.find((p) => `preview:${p.id}` === active);
  // A preview restored with its tab whose query this page does not know is run again.
  const previewId = previewPanel?.id ?? null;
  const previewMissing = useSqlLabSelector((s) => {
    const q = previewPanel?.dataPreviewQueryId;
    return q ? !s.queries.byId[q] : false;
  });
  useEffect(() => {
    if (previewId !== null && previewMissing) void dispatch(runPreview(previewId));
  }, [dispatch, previewId, previewMissing]);

  return (
    <div style={{ height: '100%', display: 'flex', flexDirection: 'column', minHeight: 0 }}>
      <Tabs
        type="editable-card"
        hideAdd
        size="small"
        activeKey={active}
        items={items}
        onChange={(key) => dispatch(southTabShown({ editorId, tab: key as SouthTab }))}
        onEdit={(key, action) => {
          if (action === 'remove' && typeof key === 'string' && key.startsWith('preview:')) {
            closePreview(key.slice('preview:'.length));
          }
        }}
        tabBarStyle={{ margin: 0, padding: '6px 12px 0', background: CSS_VAR.fillAlter }}
        style={{ flex: '0 0 auto' }}
      />
      <div
        ref={bodyRef}
        style={{ flex: 1, minHeight: 0, overflow: 'hidden', padding: '8px 12px 0' }}
      >
        {active === 'history' ? (
          <QueryHistory editorId={editorId} queries={history} height={bodyHeight - 8} />
        ) : previewPanel ? (
          <QueryResults
            key={previewPanel.id}
            queryId={previewPanel.dataPreviewQueryId}
            height={bodyHeight - 8}
            isPreview
            onRerun={() => void dispatch(runPreview(previewPanel.id))}
          />
        ) : (
          <QueryResults
            queryId={latestQueryId}
            tabName={tabName}
            height={bodyHeight - 8}
            onRerun={() => void dispatch(rerunLatest(editorId))}
          />
        )}
      </div>
    </div>
  );
}
