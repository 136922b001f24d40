import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  Button,
  Card,
  Empty,
  Flex,
  Pagination,
  Segmented,
  Space,
  Spin,
  Table,
  Typography,
} from 'antd';
import { AppstoreOutlined, UnorderedListOutlined } from '@ant-design/icons';
import type { InputRef, TableColumnsType, TableProps } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { DEFAULT_PAGE_SIZE, MESSAGES, formatMessage } from '@strata/core';
import type { FavoriteStatusResponse, InfoResponse, ListFilter, ListResponse } from '@strata/core';
import {
  api,
  bulkDeleteUrl,
  errorMessage,
  favoriteStatusUrl,
  favoriteUrl,
  infoUrl,
  isAbortError,
  itemUrl,
  listUrl,
} from '../../app/api';
import { useToasts } from '../../app/toasts';
import { usePageTitle } from '../../app/usePageTitle';
import { DeleteConfirmModal } from '../DeleteConfirmModal';
import { FavoriteStar } from './FavoriteStar';
import { FilterBar } from './FilterBar';
import { RowActionButton } from './RowActionButton';
import { deletedMessage, favoriteMap, fetchListErrorMessage, namesOf } from './listActions';
import {
  buildListQuery,
  listStateToSearch,
  pageCount,
  parseListState,
  withFilter,
  withSort,
} from './listState';
import type {
  FilterSelection,
  ListColumn,
  ListFilterDef,
  ListRow,
  ListState,
  SortState,
} from './types';
import { CSS_VAR } from '@strata/core';

/** What row actions and header actions may use. */
export interface ListViewContext {
  /** `can_write` is among the resource's permissions. */
  canWrite: boolean;
  /** Loads the current page again. */
  refresh: () => void;
}

export interface ListViewProps<T extends ListRow> {
  /** API resource, e.g. `dashboard` or `security/users`. */
  resource: string;
  /** Singular, lower-case name for messages, e.g. `dashboard`. */
  resourceLabel: string;
  /** Plural of resourceLabel (default: resourceLabel + "s"), e.g. `saved queries`. */
  resourceLabelPlural?: string;
  /** Page title, e.g. "Dashboards". */
  title: string;
  /** Shown beside the title (e.g. tabs between related lists). */
  titleExtra?: ReactNode;
  /**
   * Filters every list call carries before the user's (e.g. the alert list's `type`). Keep
   * this array stable (a module constant or memoised).
   */
  baseFilters?: ListFilter[];
  /** Keep this array stable (a module constant or memoised). */
  columns: ListColumn<T>[];
  /** Keep this array stable (a module constant or memoised). */
  filters: ListFilterDef[];
  /** Keep this object stable (a module constant). */
  defaultSort: SortState;
  /** The name of a row in confirmations and toasts. */
  itemName: (row: T) => string;
  /** Show a favourite star column (`favorite_status`, `…/favorites/`). */
  favorites?: boolean;
  /** Offer a delete action per row (needs can_write). Default true. */
  deletable?: boolean;
  /** Whether a row offers delete (default: every row, when `deletable`). */
  rowDeletable?: (row: T) => boolean;
  /** Offer "Bulk select" and bulk delete (needs can_write). */
  bulkDelete?: boolean;
  /**
   * Extra actions on the bulk selection (e.g. "Export"), shown before its Delete. Given, they
   * offer "Bulk select" on their own (Superset: bulk select when the user may delete or export).
   */
  bulkActions?: (ids: Array<number | string>) => ReactNode;
  /** Extra actions of a row, shown before delete. */
  rowActions?: (row: T, context: ListViewContext) => ReactNode;
  /** Buttons beside the title (e.g. "+ User"). */
  headerActions?: (context: ListViewContext) => ReactNode;
  /** Change it to load the list again (after a create or edit elsewhere on the page). */
  reloadToken?: number;
  pageSize?: number;
  emptyText?: string;
  /** Shown under the empty list's text (e.g. the add button). */
  emptyExtra?: (context: ListViewContext) => ReactNode;
  /**
   * Offers a card view (Superset's dashboard and chart lists): each row drawn by this function,
   * given its favourite star and actions. `?viewMode=table|card`.
   */
  renderCard?: (row: T, parts: { star: ReactNode; actions: ReactNode }) => ReactNode;
  /** The view without `viewMode` in the address when cards are offered (default: cards). */
  defaultView?: 'card' | 'table';
}

interface PendingDelete {
  ids: Array<number | string>;
  names: string[];
  bulk: boolean;
}

function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * The one list page: server-side paging, sorting and filters kept in the URL, favourite stars,
 * bulk select and delete, per-row actions, loading and empty states.
 */
export function ListView<T extends ListRow>(props: ListViewProps<T>) {
  const {
    resource,
    resourceLabel,
    resourceLabelPlural = `${resourceLabel}s`,
    title,
    titleExtra,
    baseFilters,
    columns,
    filters,
    defaultSort,
    itemName,
    favorites = false,
    deletable = true,
    rowDeletable,
    bulkDelete = false,
    bulkActions,
    rowActions,
    headerActions,
    reloadToken = 0,
    pageSize = DEFAULT_PAGE_SIZE,
    emptyText = 'No data',
    emptyExtra,
    renderCard,
    defaultView = 'card',
  } = props;
  usePageTitle(title);
  const { addSuccessToast, addDangerToast } = useToasts();

  // ---- state kept in the URL
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const sortKeys = useMemo(() => columns.flatMap((c) => (c.sortKey ? [c.sortKey] : [])), [columns]);
  const parseOptions = useMemo(
    () => ({ defaultSort, filters, sortKeys }),
    [defaultSort, filters, sortKeys],
  );
  const state = useMemo(() => parseListState(search, parseOptions), [search, parseOptions]);
  const updateState = useCallback(
    (change: (current: ListState) => ListState, replace = false) => {
      // Read the URL now, not from the last render: several changes may come in one tick.
      const current = parseListState(window.location.search, parseOptions);
      const next = listStateToSearch(change(current), defaultSort);
      void navigate({ pathname, search: next ? `?${next}` : '' }, { replace });
    },
    [navigate, pathname, parseOptions, defaultSort],
  );
  const onFilterChange = useCallback(
    (id: string, selection: FilterSelection | null) => {
      const isSearch = filters.some((f) => f.id === id && f.kind === 'search');
      updateState((s) => withFilter(s, id, selection), isSearch);
    },
    [filters, updateState],
  );

  const url = useMemo(() => {
    const query = buildListQuery(state, filters, pageSize);
    if (baseFilters?.length) query.filters = [...baseFilters, ...(query.filters ?? [])];
    return listUrl(resource, query);
  }, [resource, state, filters, pageSize, baseFilters]);

  // ---- data
  const [reloadCount, setReloadCount] = useState(0);
  const refresh = useCallback(() => setReloadCount((n) => n + 1), []);
  const [rows, setRows] = useState<T[]>([]);
  const [count, setCount] = useState(0);
  const [loading, setLoading] = useState(true);
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    api
      .get<ListResponse<T>>(url, { signal: controller.signal })
      .then((res) => {
        setRows(res.result ?? []);
        setCount(res.count ?? 0);
      })
      .catch((e: unknown) => {
        if (isAbortError(e)) return;
        setRows([]);
        setCount(0);
        addDangerToast(fetchListErrorMessage(resourceLabelPlural, errorMessage(e)));
      })
      .finally(() => {
        if (controller.signal.aborted) return;
        setLoading(false);
        setLoaded(true);
      });
    return () => controller.abort();
  }, [url, reloadCount, reloadToken, resourceLabelPlural, addDangerToast]);

  // A page past the end (after deletes, or an old link): go to the last page.
  useEffect(() => {
    if (!loading && rows.length === 0 && count > 0 && state.pageIndex > 0) {
      const last = pageCount(count, pageSize) - 1;
      updateState((s) => ({ ...s, pageIndex: Math.min(s.pageIndex, last) }), true);
    }
  }, [loading, rows.length, count, state.pageIndex, pageSize, updateState]);

  // ---- permissions
  const [permissions, setPermissions] = useState<string[]>([]);
  const wantsPermissions =
    deletable || bulkDelete || rowActions !== undefined || headerActions !== undefined;
  useEffect(() => {
    if (!wantsPermissions) return undefined;
    const controller = new AbortController();
    api
      .get<InfoResponse>(infoUrl(resource), { signal: controller.signal })
      .then((res) => setPermissions(res.permissions ?? []))
      .catch((e: unknown) => {
        if (isAbortError(e)) return;
        setPermissions([]);
        addDangerToast(formatMessage(MESSAGES.fetchInfoError, resourceLabel, errorMessage(e)));
      });
    return () => controller.abort();
  }, [wantsPermissions, resource, resourceLabel, addDangerToast]);
  const canWrite = permissions.includes('can_write');
  const context = useMemo<ListViewContext>(() => ({ canWrite, refresh }), [canWrite, refresh]);

  // ---- favourites
  const [favoriteIds, setFavoriteIds] = useState<Record<string, boolean>>({});
  useEffect(() => {
    if (!favorites || rows.length === 0) return undefined;
    const controller = new AbortController();
    api
      .get<FavoriteStatusResponse>(
        favoriteStatusUrl(
          resource,
          rows.map((r) => r.id),
        ),
        { signal: controller.signal },
      )
      .then((res) => setFavoriteIds((prev) => ({ ...prev, ...favoriteMap(res) })))
      .catch((e: unknown) => {
        if (isAbortError(e)) return;
        addDangerToast(formatMessage(MESSAGES.favoriteStatusFetchError, errorMessage(e)));
      });
    return () => controller.abort();
  }, [favorites, rows, resource, addDangerToast]);

  const toggleFavorite = useCallback(
    async (row: T) => {
      const key = String(row.id);
      const starred = favoriteIds[key] === true;
      setFavoriteIds((prev) => ({ ...prev, [key]: !starred }));
      try {
        if (starred) await api.delete(favoriteUrl(resource, row.id));
        else await api.post(favoriteUrl(resource, row.id));
      } catch (e) {
        setFavoriteIds((prev) => ({ ...prev, [key]: starred }));
        addDangerToast(formatMessage(MESSAGES.favoriteStatusSaveError, errorMessage(e)));
      }
    },
    [favoriteIds, resource, addDangerToast],
  );

  // ---- card or table view (`viewMode` in the address; `defaultView` without it)
  const viewParam = new URLSearchParams(search).get('viewMode') ?? defaultView;
  const cardView = renderCard !== undefined && viewParam !== 'table';
  const setView = (mode: 'card' | 'table') => {
    const p = new URLSearchParams(window.location.search);
    p.set('viewMode', mode);
    void navigate({ pathname, search: `?${p.toString()}` }, { replace: true });
  };

  // ---- bulk select (the selection belongs to the page it was made on)
  const [bulkMode, setBulkMode] = useState(false);
  const [selection, setSelection] = useState<{ url: string; ids: Array<number | string> }>({
    url: '',
    ids: [],
  });
  const selectedIds = selection.url === url ? selection.ids : [];
  const canBulkDelete = bulkDelete && canWrite;
  const bulkEnabled = canBulkDelete || bulkActions !== undefined;
  const inBulkMode = bulkEnabled && bulkMode;

  // ---- delete
  const [pendingDelete, setPendingDelete] = useState<PendingDelete | null>(null);
  const confirmDelete = async () => {
    if (!pendingDelete) return;
    const { ids, names, bulk } = pendingDelete;
    try {
      if (bulk) await api.delete(bulkDeleteUrl(resource, ids));
      else if (ids[0] !== undefined) await api.delete(itemUrl(resource, ids[0]));
      addSuccessToast(deletedMessage(names));
      setSelection({ url: '', ids: [] });
      refresh();
    } catch (e) {
      addDangerToast(
        bulk
          ? formatMessage(MESSAGES.deleteError, errorMessage(e))
          : formatMessage(MESSAGES.deleteNamedError, names[0] ?? '', errorMessage(e)),
      );
    } finally {
      setPendingDelete(null);
    }
  };

  // ---- keyboard: `/` focuses the search box
  const searchRef = useRef<InputRef>(null);
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key !== '/' || e.ctrlKey || e.metaKey || e.altKey || isEditable(e.target)) return;
      if (!searchRef.current) return;
      e.preventDefault();
      searchRef.current.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  // ---- table
  const showRowActions = !inBulkMode && (rowActions !== undefined || (deletable && canWrite));
  const tableColumns = useMemo<TableColumnsType<T>>(() => {
    const out: TableColumnsType<T> = [];
    if (favorites) {
      out.push({
        key: '__favorite',
        title: <span aria-label="Favorite" />,
        width: 48,
        render: (_: unknown, row: T) => (
          <FavoriteStar
            starred={favoriteIds[String(row.id)] === true}
            onToggle={() => void toggleFavorite(row)}
          />
        ),
      });
    }
    for (const column of columns) {
      out.push({
        key: column.key,
        title: column.title,
        width: column.width,
        align: column.align,
        ...(column.responsive ? { responsive: column.responsive } : {}),
        render: (_: unknown, row: T) => column.render(row),
        ...(column.sortKey
          ? {
              sorter: true,
              sortDirections: ['ascend', 'descend', 'ascend'],
              sortOrder:
                state.sort.column === column.sortKey
                  ? state.sort.direction === 'asc'
                    ? 'ascend'
                    : 'descend'
                  : null,
            }
          : {}),
      });
    }
    if (showRowActions) {
      out.push({
        key: '__actions',
        title: 'Actions',
        width: 140,
        // Kept in view when a narrow window scrolls the table sideways.
        fixed: 'right',
        render: (_: unknown, row: T) => (
          <Space size={4}>
            {rowActions?.(row, context)}
            {deletable && canWrite && (rowDeletable?.(row) ?? true) ? (
              <RowActionButton
                title="Delete"
                icon={<DeleteOutlined />}
                onClick={() =>
                  setPendingDelete({ ids: [row.id], names: [itemName(row)], bulk: false })
                }
              />
            ) : null}
          </Space>
        ),
      });
    }
    return out;
  }, [
    favorites,
    favoriteIds,
    toggleFavorite,
    columns,
    state.sort,
    showRowActions,
    rowActions,
    context,
    deletable,
    rowDeletable,
    canWrite,
    itemName,
  ]);

  const onTableChange: TableProps<T>['onChange'] = (pagination, _filters, sorter, extra) => {
    if (extra.action === 'paginate') {
      const pageIndex = Math.max(0, (pagination.current ?? 1) - 1);
      updateState((s) => ({ ...s, pageIndex }));
    } else if (extra.action === 'sort') {
      const s = Array.isArray(sorter) ? sorter[0] : sorter;
      const column = columns.find((c) => c.key === s?.columnKey);
      const sort: SortState | null =
        s?.order && column?.sortKey
          ? { column: column.sortKey, direction: s.order === 'ascend' ? 'asc' : 'desc' }
          : null;
      updateState((current) => withSort(current, sort, defaultSort));
    }
  };

  return (
    <div>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 16 }}>
        <Flex align="center" gap={24} wrap>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {title}
          </Typography.Title>
          {titleExtra}
        </Flex>
        <Space wrap>
          {renderCard ? (
            <Segmented
              aria-label="View mode"
              value={cardView ? 'card' : 'table'}
              onChange={(v) => setView(v as 'card' | 'table')}
              options={[
                { value: 'card', icon: <AppstoreOutlined />, title: 'Card view' },
                { value: 'table', icon: <UnorderedListOutlined />, title: 'List view' },
              ]}
            />
          ) : null}
          {headerActions?.(context)}
          {bulkEnabled ? (
            <Button
              type={bulkMode ? 'primary' : 'default'}
              aria-pressed={bulkMode}
              onClick={() => {
                setBulkMode((b) => !b);
                setSelection({ url: '', ids: [] });
              }}
            >
              Bulk select
            </Button>
          ) : null}
        </Space>
      </Flex>
      <Card variant="borderless">
        <FilterBar
          resource={resource}
          filters={filters}
          selections={state.filters}
          onChange={onFilterChange}
          searchRef={searchRef}
        />
        {inBulkMode ? (
          <Flex
            align="center"
            gap={12}
            style={{
              marginBottom: 12,
              padding: '6px 12px',
              background: CSS_VAR.primaryBg,
              borderRadius: 6,
            }}
          >
            <Typography.Text>{selectedIds.length} Selected</Typography.Text>
            <Button
              type="link"
              size="small"
              disabled={selectedIds.length === 0}
              onClick={() => setSelection({ url: '', ids: [] })}
            >
              Deselect all
            </Button>
            {bulkActions ? bulkActions(selectedIds) : null}
            {canBulkDelete ? (
              <Button
                danger
                size="small"
                disabled={selectedIds.length === 0}
                onClick={() =>
                  setPendingDelete({
                    ids: selectedIds,
                    names: namesOf(rows, selectedIds, itemName),
                    bulk: true,
                  })
                }
              >
                Delete
              </Button>
            ) : null}
          </Flex>
        ) : null}
        {cardView ? (
          <CardGrid<T>
            rows={rows}
            loading={loading}
            loaded={loaded}
            emptyText={emptyText}
            emptyExtra={emptyExtra?.(context)}
            page={state.pageIndex}
            pageSize={pageSize}
            count={count}
            onPage={(pageIndex) => updateState((s) => ({ ...s, pageIndex }))}
            render={(row) =>
              renderCard!(row, {
                star: favorites ? (
                  <FavoriteStar
                    starred={favoriteIds[String(row.id)] === true}
                    onToggle={() => void toggleFavorite(row)}
                  />
                ) : null,
                actions: null,
              })
            }
          />
        ) : (
          <Table<T>
            rowKey={(row) => String(row.id)}
            columns={tableColumns}
            dataSource={rows}
            loading={loading}
            onChange={onTableChange}
            size="middle"
            scroll={{ x: 'max-content' }}
            rowSelection={
              inBulkMode
                ? {
                    selectedRowKeys: selectedIds.map(String),
                    onChange: (keys) => {
                      const chosen = new Set(keys.map(String));
                      setSelection({
                        url,
                        ids: rows.filter((r) => chosen.has(String(r.id))).map((r) => r.id),
                      });
                    },
                  }
                : undefined
            }
            pagination={{
              current: state.pageIndex + 1,
              pageSize,
              total: count,
              showSizeChanger: false,
              hideOnSinglePage: false,
              showTotal: (total, [from, to]) => (total > 0 ? `${from}-${to} of ${total}` : ''),
            }}
            locale={{
              emptyText: loaded ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText}>
                  {emptyExtra?.(context)}
                </Empty>
              ) : (
                <div style={{ height: 120 }} />
              ),
            }}
          />
        )}
      </Card>
      <DeleteConfirmModal
        open={pendingDelete !== null}
        description={
          pendingDelete?.bulk
            ? `Are you sure you want to delete the selected ${resourceLabelPlural}?`
            : `Are you sure you want to delete ${pendingDelete?.names[0] ?? ''}?`
        }
        onConfirm={confirmDelete}
        onCancel={() => setPendingDelete(null)}
      />
    </div>
  );
}

/** The card view: a responsive grid of cards with the list's paging. */
function CardGrid<T extends ListRow>({
  rows,
  loading,
  loaded,
  emptyText,
  emptyExtra,
  page,
  pageSize,
  count,
  onPage,
  render,
}: {
  rows: T[];
  loading: boolean;
  loaded: boolean;
  emptyText: string;
  emptyExtra?: ReactNode;
  page: number;
  pageSize: number;
  count: number;
  onPage: (pageIndex: number) => void;
  render: (row: T) => ReactNode;
}) {
  if (loaded && !loading && rows.length === 0)
    return (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText}>
        {emptyExtra}
      </Empty>
    );
  return (
    <Spin spinning={loading}>
      <div
        data-test="list-cards"
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
          gap: 16,
          minHeight: 120,
        }}
      >
        {rows.map((row) => (
          <div key={String(row.id)}>{render(row)}</div>
        ))}
      </div>
      <Flex justify="end" style={{ marginTop: 16 }}>
        <Pagination
          current={page + 1}
          pageSize={pageSize}
          total={count}
          showSizeChanger={false}
          showTotal={(total, [from, to]) => (total > 0 ? `${from}-${to} of ${total}` : '')}
          onChange={(p) => onPage(Math.max(0, p - 1))}
        />
      </Flex>
    </Spin>
  );
}
