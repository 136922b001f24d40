import { useRef } from 'react';
import { Button, Divider, Dropdown, Flex, Tooltip, Typography } from 'antd';
import {
  CalendarOutlined,
  CaretRightOutlined,
  DownOutlined,
  DollarOutlined,
  ExclamationCircleOutlined,
  FormatPainterOutlined,
  LinkOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  SaveOutlined,
  StopOutlined,
  TableOutlined,
} from '@ant-design/icons';
import type { CtasMethod } from '@strata/core';
import { useCurrentUser } from '../../app/BootstrapContext';
import { canSaveQuery } from './access';
import { ctasMethods, ctasTitle } from './ctas';
import { KeyboardShortcutsButton } from './components/KeyboardShortcutsButton';
import { QueryLimitSelect } from './components/QueryLimitSelect';
import { isMacPlatform } from './components/shortcuts';
import { TemplateParamsEditor } from './components/TemplateParamsEditor';
import { useSqlLabDispatch, useSqlLabSelector } from './store/hooks';
import { selectConf, selectDatabase, selectEditor } from './store/selectors';
import { updateEditor } from './store/tabThunks';
import type { TabActions } from './TabView';
import { useElementSize } from './useSqlLab';
import { CSS_VAR } from '@strata/core';

/** Below this toolbar width (px) the secondary buttons lose their labels. */
const COMPACT_WIDTH = 1040;
/** What the optional buttons take with their labels (px). */
const ESTIMATE_WIDTH = 140;
const CREATE_AS_WIDTH = 140;
const SCHEDULE_WIDTH = 120;

const MOD = isMacPlatform(typeof navigator === 'undefined' ? undefined : navigator) ? '⌘' : 'Ctrl';

/** Run / Stop, row limit, parameters, cost, format, save and share, over the editor. */
export function EditorToolbar({
  editorId,
  actions,
  running,
}: {
  editorId: string;
  actions: TabActions;
  running: boolean;
}) {
  const dispatch = useSqlLabDispatch();
  const user = useCurrentUser();
  const editor = useSqlLabSelector((s) => selectEditor(s, editorId));
  const conf = useSqlLabSelector(selectConf);
  const database = useSqlLabSelector((s) => selectDatabase(s, editor?.dbId ?? null));
  // As Superset: a query is scheduled once it has run successfully.
  const ranOk = useSqlLabSelector((s) =>
    editor?.latestQueryId ? s.queries.byId[editor.latestQueryId]?.state === 'success' : false,
  );
  const unsaved = useSqlLabSelector((s) => s.ui.storeFailed[editorId] ?? null);
  const ref = useRef<HTMLDivElement>(null);
  const { width } = useElementSize(ref);
  if (!editor) return null;

  const hasDb = editor.dbId !== null;
  const hasSelection = (editor.selectedText ?? '').trim() !== '';
  const blank = editor.sql.trim() === '';
  const createAs = ctasMethods(database);
  const canSchedule = conf.SCHEDULED_QUERIES !== null && canSaveQuery(user);
  // Narrow panes show the secondary buttons as icons (named by their tooltips); the width that
  // needs depends on the buttons the database and the configuration offer.
  const compactBelow =
    COMPACT_WIDTH +
    (createAs.length > 0 ? CREATE_AS_WIDTH : 0) +
    (canSchedule ? SCHEDULE_WIDTH : 0) -
    (database?.allows_cost_estimate ? 0 : ESTIMATE_WIDTH);
  const compact = width > 0 && width < compactBelow;

  return (
    <Flex
      ref={ref}
      role="toolbar"
      aria-label="Query actions"
      align="center"
      gap={8}
      wrap
      style={{
        padding: '8px 12px',
        borderBottom: `1px solid ${CSS_VAR.borderSecondary}`,
        flex: '0 0 auto',
      }}
    >
      <Tooltip
        title={editor.hideLeftBar ? 'Show the database browser' : 'Hide the database browser'}
      >
        <Button
          type="text"
          aria-label={editor.hideLeftBar ? 'Show left bar' : 'Hide left bar'}
          icon={editor.hideLeftBar ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          onClick={() => dispatch(updateEditor(editorId, { hideLeftBar: !editor.hideLeftBar }))}
        />
      </Tooltip>
      {running ? (
        <Tooltip title="Stop the query (Ctrl + E)">
          <Button danger icon={<StopOutlined />} onClick={actions.stop} style={{ minWidth: 132 }}>
            Stop
          </Button>
        </Tooltip>
      ) : (
        <Tooltip
          title={
            hasDb
              ? `${hasSelection ? 'Run the selected text' : 'Run the query'} (${MOD} + Enter)`
              : 'Choose a database first'
          }
        >
          <Button
            type="primary"
            icon={<CaretRightOutlined />}
            onClick={actions.run}
            disabled={!hasDb || blank}
            style={{ minWidth: 132 }}
          >
            {hasSelection ? 'Run selection' : 'Run'}
          </Button>
        </Tooltip>
      )}
      <QueryLimitSelect
        value={editor.queryLimit ?? conf.DEFAULT_SQLLAB_LIMIT}
        maxRow={conf.SQL_MAX_ROW}
        onChange={(n) => dispatch(updateEditor(editorId, { queryLimit: n }))}
      />
      <TemplateParamsEditor
        value={editor.templateParams ?? ''}
        onChange={(json) =>
          dispatch(updateEditor(editorId, { templateParams: json.trim() === '' ? null : json }))
        }
      />
      {database?.allows_cost_estimate ? (
        <Tooltip title="Estimate what running the query would cost">
          <Button
            icon={<DollarOutlined />}
            aria-label="Estimate cost"
            onClick={actions.estimate}
            disabled={blank}
          >
            {compact ? null : 'Estimate cost'}
          </Button>
        </Tooltip>
      ) : null}
      {createAs.length > 0 ? (
        <Dropdown
          trigger={['click']}
          disabled={running || blank}
          menu={{
            items: createAs.map((m) => ({ key: m, label: ctasTitle(m) })),
            onClick: ({ key }) => actions.createAs(key as CtasMethod),
          }}
        >
          <Tooltip title="Run the query into a new table or view">
            <Button icon={<TableOutlined />} aria-label="Create as" disabled={running || blank}>
              {compact ? null : 'Create as'} <DownOutlined />
            </Button>
          </Tooltip>
        </Dropdown>
      ) : null}
      <div style={{ flex: 1 }} />
      {unsaved ? (
        <Tooltip title="Some changes of this tab could not be stored on the server. Save the query to keep them.">
          <Typography.Text type="warning" style={{ whiteSpace: 'nowrap' }}>
            <ExclamationCircleOutlined /> Not stored
          </Typography.Text>
        </Tooltip>
      ) : null}
      <Tooltip title={`Format the SQL (${MOD} + Shift + F)`}>
        <Button
          icon={<FormatPainterOutlined />}
          aria-label="Format"
          onClick={actions.format}
          disabled={blank}
        >
          {compact ? null : 'Format'}
        </Button>
      </Tooltip>
      <Divider orientation="vertical" style={{ margin: 0 }} />
      <Tooltip
        title={editor.remoteId !== null ? 'Update or save as a new query' : 'Save the query'}
      >
        <Button
          icon={<SaveOutlined />}
          onClick={actions.save}
          disabled={!hasDb || !canSaveQuery(user)}
          aria-label="Save"
        >
          {compact ? null : 'Save'}
        </Button>
      </Tooltip>
      {canSchedule ? (
        <Tooltip
          title={
            ranOk ? 'Schedule the query periodically' : 'You must run the query successfully first'
          }
        >
          <Button
            icon={<CalendarOutlined />}
            onClick={actions.schedule}
            disabled={!hasDb || blank || !ranOk}
            aria-label="Schedule"
          >
            {compact ? null : 'Schedule'}
          </Button>
        </Tooltip>
      ) : null}
      <Tooltip title="Copy a link to this query">
        <Button
          icon={<LinkOutlined />}
          aria-label="Share"
          onClick={actions.share}
          disabled={!hasDb}
        >
          {compact ? null : 'Share'}
        </Button>
      </Tooltip>
      <KeyboardShortcutsButton />
    </Flex>
  );
}
