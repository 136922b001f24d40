import { useEffect, useMemo } from 'react';
import type { CSSProperties } from 'react';
import { Button, Empty, Flex, Select, Tag, Tooltip, Typography } from 'antd';
import { EyeOutlined, ReloadOutlined, TableOutlined } from '@ant-design/icons';
import { defaultSchemaOf } from './databases';
import { tablesKey } from './store/browseSlice';
import { loadSchemas, loadTables } from './store/browseThunks';
import { useSqlLabDispatch, useSqlLabSelector } from './store/hooks';
import { makeSelectEditorPanels, selectDatabaseList, selectEditor } from './store/selectors';
import { addTable } from './store/tableThunks';
import { updateEditor } from './store/tabThunks';
import { TablePanelCard } from './TablePanelCard';
import { CSS_VAR } from '@strata/core';

const LABEL: CSSProperties = {
  display: 'block',
  fontSize: 12,
  color: CSS_VAR.textSecondary,
  marginBottom: 4,
};

/** Database, schema and table pickers, and the tab's table metadata panels. */
export function LeftBar({ editorId }: { editorId: string }) {
  const dispatch = useSqlLabDispatch();
  const editor = useSqlLabSelector((s) => selectEditor(s, editorId));
  const databases = useSqlLabSelector(selectDatabaseList);
  const dbId = editor?.dbId ?? null;
  const schema = editor?.schema ?? null;
  const schemas = useSqlLabSelector((s) =>
    dbId !== null ? s.browse.schemas[String(dbId)] : undefined,
  );
  const tables = useSqlLabSelector((s) =>
    dbId !== null ? s.browse.tables[tablesKey(dbId, schema)] : undefined,
  );
  const selectPanels = useMemo(makeSelectEditorPanels, []);
  const panels = useSqlLabSelector((s) => selectPanels(s, editorId));

  useEffect(() => {
    if (dbId !== null) void dispatch(loadSchemas(dbId));
  }, [dispatch, dbId]);

  // A tab without a schema starts on the database's usual one once the schemas are known.
  const schemaList = schemas?.data ?? null;
  useEffect(() => {
    if (schema !== null || schemaList === null) return;
    const pick = defaultSchemaOf(schemaList);
    if (pick !== null) dispatch(updateEditor(editorId, { schema: pick }));
  }, [dispatch, editorId, schema, schemaList]);

  useEffect(() => {
    if (dbId !== null && schema !== null) void dispatch(loadTables(dbId, schema));
  }, [dispatch, dbId, schema]);

  const databaseOptions = useMemo(
    () =>
      databases.map((d) => ({
        value: d.id,
        label: d.database_name,
        backend: d.backend,
      })),
    [databases],
  );
  const schemaOptions = useMemo(
    () => (schemaList ?? []).map((s) => ({ value: s, label: s })),
    [schemaList],
  );
  const tableOptions = useMemo(
    () =>
      (tables?.data ?? []).map((t) => ({
        value: t.value,
        label: (
          <Flex align="center" gap={6}>
            {t.type === 'view' ? (
              <EyeOutlined aria-label="View" style={{ color: '#5c7cfa' }} />
            ) : (
              <TableOutlined aria-label="Table" style={{ color: '#1f7a8c' }} />
            )}
            <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{t.value}</span>
          </Flex>
        ),
        title: t.value,
      })),
    [tables?.data],
  );

  if (!editor) return null;

  const refresh = () => {
    if (dbId === null) return;
    void dispatch(loadSchemas(dbId, true));
    if (schema !== null) void dispatch(loadTables(dbId, schema, true));
  };

  return (
    <Flex vertical style={{ flex: 1, minHeight: 0 }}>
      <Flex
        vertical
        gap={12}
        style={{
          padding: 12,
          borderBottom: `1px solid ${CSS_VAR.borderSecondary}`,
          flex: '0 0 auto',
        }}
      >
        <div>
          <label style={LABEL} htmlFor={`sqllab-db-${editorId}`}>
            Database
          </label>
          <Select
            id={`sqllab-db-${editorId}`}
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="Select a database"
            value={dbId ?? undefined}
            style={{ width: '100%' }}
            options={databaseOptions}
            optionRender={(o) => (
              <Flex justify="space-between" align="center" gap={8}>
                <span>{o.data.label}</span>
                {o.data.backend ? (
                  <Tag style={{ marginInlineEnd: 0 }} bordered={false}>
                    {o.data.backend}
                  </Tag>
                ) : null}
              </Flex>
            )}
            onChange={(value: number) =>
              dispatch(updateEditor(editorId, { dbId: value, schema: null, catalog: null }))
            }
          />
        </div>
        <div>
          <Flex justify="space-between" align="center">
            <label style={LABEL} htmlFor={`sqllab-schema-${editorId}`}>
              Schema
            </label>
            <Tooltip title="Refresh the schemas and tables">
              <Button
                type="text"
                size="small"
                aria-label="Refresh schemas and tables"
                icon={
                  <ReloadOutlined spin={schemas?.loading === true || tables?.loading === true} />
                }
                onClick={refresh}
                disabled={dbId === null}
                style={{ marginTop: -6 }}
              />
            </Tooltip>
          </Flex>
          <Select
            id={`sqllab-schema-${editorId}`}
            showSearch
            allowClear
            placeholder={dbId === null ? 'Select a database first' : 'Select a schema'}
            value={schema ?? undefined}
            loading={schemas?.loading === true}
            disabled={dbId === null}
            status={schemas?.error ? 'error' : undefined}
            notFoundContent={schemas?.error ?? undefined}
            style={{ width: '100%' }}
            options={schemaOptions}
            onChange={(value: string | undefined) =>
              dispatch(updateEditor(editorId, { schema: value ?? null }))
            }
          />
        </div>
        <div>
          <label style={LABEL} htmlFor={`sqllab-table-${editorId}`}>
            See table schema{' '}
            {tables?.data ? (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                ({tables.data.length})
              </Typography.Text>
            ) : null}
          </label>
          <Select
            id={`sqllab-table-${editorId}`}
            showSearch={{ optionFilterProp: 'title' }}
            placeholder={schema === null ? 'Select a schema first' : 'Search tables'}
            value={null}
            loading={tables?.loading === true}
            disabled={dbId === null || schema === null}
            status={tables?.error ? 'error' : undefined}
            notFoundContent={
              tables?.error ??
              (tables?.loading ? (
                'Loading…'
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No tables" />
              ))
            }
            style={{ width: '100%' }}
            options={tableOptions}
            onChange={(name: string) => {
              if (dbId !== null && name) {
                void dispatch(addTable(editorId, { dbId, catalog: editor.catalog, schema, name }));
              }
            }}
          />
        </div>
      </Flex>
      <div style={{ flex: 1, minHeight: 0, overflowY: 'auto', padding: '8px 8px 16px' }}>
        {panels.length === 0 ? (
          <Typography.Paragraph type="secondary" style={{ padding: '8px 4px', fontSize: 13 }}>
            Pick a table above to see its columns and a preview of its data.
          </Typography.Paragraph>
        ) : (
          <Flex vertical gap={8}>
            {panels.map((p) => (
              <TablePanelCard key={p.id} panel={p} />
            ))}
          </Flex>
        )}
      </div>
    </Flex>
  );
}
