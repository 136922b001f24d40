import { useEffect, useMemo, useRef, useState } from 'react';
import {
  Alert,
  Button,
  Collapse,
  Flex,
  Form,
  Input,
  InputNumber,
  Modal,
  Space,
  Spin,
  Tag,
  Typography,
  Upload,
} from 'antd';
import { Select } from '../../components/Select';
import type { FormInstance, UploadFile } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { MESSAGES } from '@strata/core';
import type { ListResponse } from '@strata/core';
import { ApiError, api, errorMessage, isAbortError } from '../../app/api';
import { useUrlData } from '../datasets/useUrlData';
import {
  COLUMN_TYPES,
  DELIMITER_OPTIONS,
  FILE_SETTINGS_FIELDS,
  IF_EXISTS_OPTIONS,
  INITIAL_UPLOAD_VALUES,
  UPLOAD_METADATA_URL,
  UPLOAD_TITLE,
  acceptFor,
  currentItem,
  defaultTableName,
  delimiterOf,
  fileSettingsOf,
  fileTypeProblem,
  metadataEntries,
  metadataItems,
  schemasAllowedForUpload,
  toFormData,
  uploadDatabasesUrl,
  uploadEntries,
  uploadErrors,
  uploadSchemaOptions,
  uploadSchemasUrl,
  uploadUrl,
} from './uploadForm';
import type {
  FileMetadataItem,
  UploadAnswer,
  UploadDatabase,
  UploadFormValues,
  UploadType,
} from './uploadForm';

/** Wait after a change of the file settings before reading the file's columns again. */
const PREVIEW_DEBOUNCE_MS = 300;

export interface UploadModalProps {
  type: UploadType;
  open: boolean;
  onClose: () => void;
  /** Called after the upload succeeded, with the table written. */
  onUploaded: (tableName: string, answer: UploadAnswer) => void;
}

interface Preview {
  /** The file and settings the items are for. */
  key: string;
  items: FileMetadataItem[];
  error: string | null;
}

const HINT: Record<UploadType, string> = {
  csv: 'Comma-, tab- or otherwise delimited text (.csv, .tsv, .txt)',
  excel: 'An Excel workbook (.xlsx)',
  columnar: 'A Parquet file (.parquet)',
};

function columnCount(n: number): string {
  return `${n} ${n === 1 ? 'column' : 'columns'}`;
}

/** The columns read from the file, with the types guessed from its first rows. */
function ColumnPreview({ item }: { item: FileMetadataItem }) {
  if (item.column_names.length === 0) {
    return <Typography.Text type="secondary">No columns found</Typography.Text>;
  }
  return (
    <Flex
      wrap
      gap={4}
      role="list"
      aria-label="Columns of the file"
      style={{ maxHeight: 120, overflowY: 'auto' }}
    >
      {item.column_names.map((name, i) => (
        <Tag key={name} role="listitem" style={{ marginInlineEnd: 0 }}>
          {name}
          {item.column_types?.[i] ? (
            <Typography.Text type="secondary" style={{ marginInlineStart: 6, fontSize: 12 }}>
              {item.column_types[i]}
            </Typography.Text>
          ) : null}
        </Tag>
      ))}
    </Flex>
  );
}

function FileSettings({
  type,
  form,
  item,
}: {
  type: UploadType;
  form: FormInstance<UploadFormValues>;
  item: FileMetadataItem | null;
}) {
  const settings = fileSettingsOf(type);
  const delimiter = Form.useWatch('delimiter', form);
  const columnsRead = Form.useWatch('columns_read', form);
  const columns = item?.column_names ?? [];
  const typed = columnsRead && columnsRead.length > 0 ? columnsRead : columns;
  return (
    <>
      {settings.delimiter ? (
        <Flex gap={12}>
          <Form.Item
            name="delimiter"
            label="Delimiter"
            tooltip="The character that separates the values of a row"
            style={{ flex: 1 }}
          >
            <Select options={DELIMITER_OPTIONS} />
          </Form.Item>
          {delimiter === 'other' ? (
            <Form.Item
              name="delimiter_other"
              label="Other delimiter"
              style={{ flex: 1 }}
              rules={[{ required: true, message: MESSAGES.requiredField }]}
            >
              <Input autoComplete="off" maxLength={10} />
            </Form.Item>
          ) : null}
        </Flex>
      ) : null}
      {settings.headerRow ? (
        <Flex gap={12}>
          <Form.Item
            name="header_row"
            label="Header row"
            tooltip="The row holding the column names, counted from 0 (the first row)"
            style={{ flex: 1 }}
          >
            <InputNumber min={0} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="skip_rows"
            label="Rows to skip"
            tooltip="Rows to leave out at the start of the file, before the header row"
            style={{ flex: 1 }}
          >
            <InputNumber min={0} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Flex>
      ) : null}
      {settings.nullValues ? (
        <Form.Item
          name="null_values"
          label="Null values"
          tooltip="Values read as NULL, separated by commas; empty: the usual ones (NA, NULL, NaN, …). Empty cells are always NULL."
        >
          <Input autoComplete="off" placeholder="e.g. NA,null,-" />
        </Form.Item>
      ) : null}
      <Form.Item
        name="columns_read"
        label="Columns to read"
        tooltip="Only these columns are written to the table; none chosen: all of them"
      >
        <Select
          mode="multiple"
          allowClear
          placeholder={columns.length > 0 ? 'All columns' : 'Choose a file to see its columns'}
          options={columns.map((c) => ({ value: c, label: c }))}
        />
      </Form.Item>
      {settings.columnTypes ? (
        <Form.Item
          label="Column data types"
          tooltip="The type of each column in the new table; empty: guessed from the data"
          style={{ marginBottom: 0 }}
        >
          {typed.length === 0 ? (
            <Typography.Text type="secondary">Choose a file to see its columns</Typography.Text>
          ) : (
            <div style={{ maxHeight: 240, overflowY: 'auto', paddingRight: 4 }}>
              {typed.map((name) => {
                const index = columns.indexOf(name);
                const guessed = index >= 0 ? item?.column_types?.[index] : undefined;
                return (
                  <Flex key={name} align="center" gap={8} style={{ marginBottom: 6 }}>
                    <Typography.Text
                      ellipsis={{ tooltip: name }}
                      style={{ flex: '0 0 45%', minWidth: 0 }}
                    >
                      {name}
                    </Typography.Text>
                    <Form.Item name={['column_data_types', name]} noStyle>
                      <Select
                        aria-label={`Data type of ${name}`}
                        allowClear
                        size="small"
                        style={{ flex: 1 }}
                        placeholder={guessed ? `Infer (${guessed})` : 'Infer'}
                        options={COLUMN_TYPES.map((t) => ({ value: t, label: t }))}
                      />
                    </Form.Item>
                  </Flex>
                );
              })}
            </div>
          )}
        </Form.Item>
      ) : null}
    </>
  );
}

/**
 * Upload a CSV, Excel or Parquet file into a table of a database that takes uploads: the file
 * (its columns read by the server for a preview), where to write it, and how to read it. The
 * file stays in the browser until Upload. Mount it fresh per opening.
 */
export default function UploadModal({ type, open, onClose, onUploaded }: UploadModalProps) {
  const [form] = Form.useForm<UploadFormValues>();
  // antd's NamePath<V> cannot take the names of the server's answer; setFields takes plain paths.
  const untypedForm: FormInstance = form;
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const suggestedName = useRef('');
  const errorRef = useRef<HTMLDivElement | null>(null);

  const databaseId = Form.useWatch('database', form);
  const schema = Form.useWatch('schema', form);
  const tableName = Form.useWatch('table_name', form);
  const sheet = Form.useWatch('sheet_name', form);
  const delimiter = Form.useWatch('delimiter', form);
  const delimiterOther = Form.useWatch('delimiter_other', form);
  const headerRow = Form.useWatch('header_row', form);
  const skipRows = Form.useWatch('skip_rows', form);

  const databases = useUrlData<ListResponse<UploadDatabase>>(open ? uploadDatabasesUrl() : null);
  const databaseList = useMemo(() => databases.data?.result ?? [], [databases.data]);
  const database = databaseList.find((d) => d.id === databaseId) ?? null;
  const schemas = useUrlData<{ result: string[] }>(
    typeof databaseId === 'number' ? uploadSchemasUrl(databaseId) : null,
  );
  const allowedSchemas = useMemo(() => schemasAllowedForUpload(database?.extra), [database]);
  const schemaOptions = useMemo(
    () => uploadSchemaOptions(schemas.data?.result ?? [], allowedSchemas),
    [schemas.data, allowedSchemas],
  );

  // One database: choose it. One schema (or one allowed): choose it.
  useEffect(() => {
    const only = databaseList.length === 1 ? databaseList[0] : undefined;
    if (only && form.getFieldValue('database') == null) form.setFieldValue('database', only.id);
  }, [databaseList, form]);
  useEffect(() => {
    const only = schemaOptions.length === 1 ? schemaOptions[0] : undefined;
    if (only !== undefined && !form.getFieldValue('schema')) form.setFieldValue('schema', only);
  }, [schemaOptions, form]);

  // ---- the preview of the file's columns, read again when the reading settings change
  const readingValues: UploadFormValues = useMemo(
    () => ({
      delimiter,
      delimiter_other: delimiterOther,
      header_row: headerRow,
      skip_rows: skipRows,
    }),
    [delimiter, delimiterOther, headerRow, skipRows],
  );
  const previewKey = file
    ? JSON.stringify([
        file.name,
        file.size,
        file.lastModified,
        metadataEntries(type, null, readingValues).slice(2),
      ])
    : null;
  useEffect(() => {
    if (!file || previewKey === null || fileTypeProblem(file.name, type) !== null) return undefined;
    if (type === 'csv' && delimiterOf(readingValues) === null) return undefined;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api
        .postForm<unknown>(
          UPLOAD_METADATA_URL,
          toFormData(metadataEntries<Blob>(type, file, readingValues)),
          { signal: controller.signal },
        )
        .then((answer) => {
          const items = metadataItems(answer);
          setPreview({ key: previewKey, items, error: null });
          // Keep the choices that still fit the file.
          const sheetNow = form.getFieldValue('sheet_name') as string | null | undefined;
          const item = currentItem(items, sheetNow);
          if (type === 'excel' && item?.sheet_name !== undefined && item.sheet_name !== sheetNow) {
            form.setFieldValue('sheet_name', item.sheet_name);
          }
          const names = new Set(item?.column_names ?? []);
          const read = (form.getFieldValue('columns_read') as string[] | undefined) ?? [];
          if (read.some((c) => !names.has(c))) {
            form.setFieldValue(
              'columns_read',
              read.filter((c) => names.has(c)),
            );
          }
        })
        .catch((e: unknown) => {
          if (isAbortError(e)) return;
          setPreview({ key: previewKey, items: [], error: errorMessage(e) });
        });
    }, PREVIEW_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // previewKey stands for file and readingValues.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [previewKey, type, form]);

  const currentPreview = preview !== null && preview.key === previewKey ? preview : null;
  // "Other" delimiter left empty: the file cannot be read until it is given.
  const previewBlocked = type === 'csv' && delimiterOf(readingValues) === null;
  const previewLoading =
    file !== null && fileError === null && !previewBlocked && currentPreview === null;
  const items = currentPreview?.items ?? [];
  const item = currentItem(items, sheet);
  const sheetNames = items.flatMap((i) => (i.sheet_name !== undefined ? [i.sheet_name] : []));

  // ---- the file
  const pickFile = (picked: File) => {
    setFile(picked);
    setPreview(null);
    setErrors([]);
    setFileError(fileTypeProblem(picked.name, type));
    const suggested = defaultTableName(picked.name);
    const current = ((form.getFieldValue('table_name') as string | undefined) ?? '').trim();
    if (current === '' || current === suggestedName.current) {
      form.setFieldValue('table_name', suggested);
      if (suggested !== '') void form.validateFields(['table_name']).catch(() => undefined);
    }
    suggestedName.current = suggested;
    form.setFieldValue('sheet_name', null);
    form.setFieldValue('column_data_types', {});
  };
  const removeFile = () => {
    setFile(null);
    setPreview(null);
    setFileError(null);
  };
  const fileList: UploadFile[] = file
    ? [
        {
          uid: 'upload-file',
          name: file.name,
          size: file.size,
          status: fileError ? 'error' : 'done',
          response: fileError ?? undefined,
        },
      ]
    : [];

  // ---- upload
  const upload = async () => {
    if (!file || fileError) return;
    try {
      await form.validateFields();
    } catch (e) {
      const names =
        typeof e === 'object' && e !== null && 'errorFields' in e
          ? (e as { errorFields: Array<{ name: Array<string | number> }> }).errorFields.map((f) =>
              String(f.name[0]),
            )
          : [];
      if (names.some((n) => FILE_SETTINGS_FIELDS.includes(n))) setSettingsOpen(true);
      return;
    }
    const values = form.getFieldsValue(true) as UploadFormValues;
    if (typeof values.database !== 'number') return;
    const entries = uploadEntries<Blob>(type, file, values, item?.column_names ?? []);
    setUploading(true);
    setErrors([]);
    try {
      const answer = await api.postForm<UploadAnswer>(
        uploadUrl(values.database),
        toFormData(entries),
      );
      onUploaded(answer?.table_name ?? (values.table_name ?? '').trim(), answer ?? {});
    } catch (e) {
      const split =
        e instanceof ApiError
          ? uploadErrors(e.body, errorMessage(e), values)
          : { fields: [], other: [errorMessage(e)] };
      if (split.fields.length > 0) untypedForm.setFields(split.fields);
      if (split.fields.some((f) => FILE_SETTINGS_FIELDS.includes(f.name))) setSettingsOpen(true);
      setErrors(split.other);
      if (split.other.length > 0) {
        setTimeout(() => errorRef.current?.scrollIntoView({ block: 'nearest' }), 0);
      }
    } finally {
      setUploading(false);
    }
  };

  const ready =
    file !== null &&
    fileError === null &&
    typeof databaseId === 'number' &&
    (tableName ?? '').trim() !== '' &&
    (allowedSchemas.length === 0 || (schema ?? '') !== '');

  const footer = (
    <Space>
      <Button onClick={onClose}>Cancel</Button>
      <Button type="primary" loading={uploading} disabled={!ready} onClick={() => void upload()}>
        Upload
      </Button>
    </Space>
  );

  return (
    <Modal
      open={open}
      title={UPLOAD_TITLE[type]}
      width={640}
      onCancel={onClose}
      footer={footer}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Form<UploadFormValues>
        form={form}
        layout="vertical"
        name={`upload-${type}`}
        initialValues={INITIAL_UPLOAD_VALUES}
        requiredMark
        onValuesChange={() => {
          if (errors.length > 0) setErrors([]);
        }}
      >
        <Form.Item
          label="File"
          required
          validateStatus={fileError ? 'error' : undefined}
          help={fileError ?? undefined}
        >
          <Upload.Dragger
            accept={acceptFor(type)}
            multiple={false}
            maxCount={1}
            fileList={fileList}
            beforeUpload={(picked) => {
              pickFile(picked);
              return false;
            }}
            onRemove={() => {
              removeFile();
              return true;
            }}
          >
            <Flex vertical align="center" gap={2} style={{ padding: '4px 12px' }}>
              <InboxOutlined style={{ fontSize: 28, color: '#1f7a8c' }} />
              <Typography.Text>Click or drag a file here</Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {HINT[type]}
              </Typography.Text>
            </Flex>
          </Upload.Dragger>
        </Form.Item>
        {file !== null && fileError === null ? (
          <div style={{ marginBottom: 16 }}>
            {previewBlocked ? (
              <Typography.Text type="secondary">
                Enter the delimiter (File settings) to see the file's columns
              </Typography.Text>
            ) : previewLoading ? (
              <Flex align="center" gap={8}>
                <Spin size="small" />
                <Typography.Text type="secondary">Reading the file…</Typography.Text>
              </Flex>
            ) : currentPreview?.error ? (
              <Alert
                type="warning"
                showIcon
                title="The file's columns could not be read"
                description={currentPreview.error}
              />
            ) : (
              <>
                <Typography.Text strong style={{ display: 'block', marginBottom: 6 }}>
                  {item ? columnCount(item.column_names.length) : 'Columns'}
                </Typography.Text>
                {item ? <ColumnPreview item={item} /> : null}
              </>
            )}
          </div>
        ) : null}
        {type === 'excel' ? (
          <Form.Item
            name="sheet_name"
            label="Sheet name"
            tooltip="The sheet of the workbook to read"
          >
            <Select
              placeholder={file ? 'The first sheet' : 'Choose a file to see its sheets'}
              disabled={sheetNames.length === 0}
              options={sheetNames.map((s) => ({ value: s, label: s }))}
            />
          </Form.Item>
        ) : null}
        <Flex gap={12}>
          <Form.Item
            style={{ flex: 1, minWidth: 0 }}
            name="database"
            label="Database"
            rules={[{ required: true, message: MESSAGES.requiredField }]}
            validateStatus={databases.error ? 'error' : undefined}
            help={databases.error ?? undefined}
          >
            <Select<number>
              placeholder="Select a database to upload the file to"
              loading={databases.loading}
              showSearch={{ optionFilterProp: 'label' }}
              notFoundContent={
                databases.loading ? <Spin size="small" /> : 'No database allows uploads'
              }
              options={databaseList.map((d) => ({ value: d.id, label: d.database_name }))}
              onChange={() => form.setFieldValue('schema', null)}
            />
          </Form.Item>
          <Form.Item
            style={{ flex: 1, minWidth: 0 }}
            name="schema"
            label="Schema"
            tooltip={
              allowedSchemas.length > 0
                ? 'This database takes uploads only into these schemas'
                : 'Where the table goes; empty: the default schema'
            }
            rules={
              allowedSchemas.length > 0 ? [{ required: true, message: MESSAGES.requiredField }] : []
            }
          >
            <Select<string>
              placeholder="Select a schema"
              allowClear
              disabled={typeof databaseId !== 'number'}
              loading={schemas.loading}
              showSearch={{ optionFilterProp: 'label' }}
              notFoundContent={schemas.error ?? undefined}
              options={schemaOptions.map((s) => ({ value: s, label: s }))}
            />
          </Form.Item>
        </Flex>
        <Flex gap={12}>
          <Form.Item
            style={{ flex: 1, minWidth: 0 }}
            name="table_name"
            label="Table name"
            tooltip="The table to write the data to; made if it does not exist"
            rules={[{ required: true, whitespace: true, message: MESSAGES.requiredField }]}
          >
            <Input autoComplete="off" spellCheck={false} />
          </Form.Item>
          <Form.Item
            style={{ flex: 1, minWidth: 0 }}
            name="already_exists"
            label="If table already exists"
            tooltip="Fail: stop; Replace: drop the table and write it anew; Append: add the rows"
          >
            <Select options={IF_EXISTS_OPTIONS} />
          </Form.Item>
        </Flex>
        <Collapse
          activeKey={settingsOpen ? ['settings'] : []}
          onChange={(keys) =>
            setSettingsOpen((Array.isArray(keys) ? keys : [keys]).includes('settings'))
          }
          items={[
            {
              key: 'settings',
              label: 'File settings',
              forceRender: true,
              children: <FileSettings type={type} form={form} item={item} />,
            },
          ]}
        />
        {errors.length > 0 ? (
          <div ref={errorRef}>
            <Alert
              type="error"
              showIcon
              style={{ marginTop: 16 }}
              title={errors.length === 1 ? errors[0] : 'The upload failed'}
              description={
                errors.length > 1 ? (
                  <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                    {errors.map((m) => (
                      <li key={m}>{m}</li>
                    ))}
                  </ul>
                ) : undefined
              }
            />
          </div>
        ) : null}
      </Form>
    </Modal>
  );
}
