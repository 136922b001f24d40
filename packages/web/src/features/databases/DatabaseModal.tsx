import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Collapse,
  Empty,
  Flex,
  Form,
  Input,
  InputNumber,
  Modal,
  Space,
  Spin,
  Switch,
  Typography,
} from 'antd';
import type { FormInstance } from 'antd';
import { ApiOutlined, DatabaseOutlined } from '@ant-design/icons';
import { MESSAGES, formatMessage } from '@strata/core';
import { ApiError, api, errorMessage, isAbortError } from '../../app/api';
import { useToasts } from '../../app/toasts';
import type { ItemFormModalProps } from '../../components/ListView';
import { connectionRefusal, DATABASE_URLS } from './databaseApi';
import {
  databaseFormValues,
  databaseSavePayload,
  jsonTextProblem,
  mapValidationErrors,
  newDatabaseValues,
  testConnectionBody,
  saveFieldErrors,
  cleanParameters,
} from './databaseForm';
import type {
  ConnectionContext,
  ConnectionMode,
  DatabaseDetail,
  DatabaseFormValues,
} from './databaseForm';
import { engineForBackend, hasParametersForm, parameterFields } from './engines';
import type { AvailableEngine, ParameterField } from './engines';

/** Wait after leaving a parameter before asking the server to validate them. */
const VALIDATE_DEBOUNCE_MS = 400;
const MONOSPACE = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' };

/** The database a list row stands for: enough to load it. */
export interface DatabaseRef {
  id: number;
  database_name: string;
}

/** The props Form.Item gives its control. */
interface ControlProps {
  id?: string;
  value?: unknown;
  checked?: boolean;
  onChange?: (value: unknown) => void;
  onBlur?: () => void;
  'aria-invalid'?: boolean;
  'aria-required'?: boolean;
  'aria-describedby'?: string;
}

/** A parameter's control; Form.Item's value, id and handlers go through to it. */
function ParameterInput({
  field,
  onLeave,
  ...control
}: ControlProps & { field: ParameterField; onLeave: () => void }) {
  const { id, onChange, onBlur } = control;
  const blur = () => {
    onBlur?.();
    onLeave();
  };
  switch (field.kind) {
    case 'number':
      return (
        <InputNumber
          id={id}
          aria-invalid={control['aria-invalid']}
          aria-required={control['aria-required']}
          aria-describedby={control['aria-describedby']}
          value={control.value as number | string | null | undefined}
          onChange={(v) => onChange?.(v)}
          onBlur={blur}
          min={field.min}
          max={field.max}
          precision={0}
          placeholder={field.placeholder}
          style={{ width: '100%' }}
        />
      );
    case 'switch':
      return (
        <Switch
          id={id}
          checked={control.checked === true}
          onChange={(v) => {
            onChange?.(v);
            onLeave();
          }}
        />
      );
    default: {
      const Control = field.kind === 'password' ? Input.Password : Input;
      return (
        <Control
          id={id}
          aria-invalid={control['aria-invalid']}
          aria-required={control['aria-required']}
          aria-describedby={control['aria-describedby']}
          value={(control.value as string | undefined) ?? ''}
          onChange={(e) => onChange?.(e.target.value)}
          onBlur={blur}
          autoComplete={field.kind === 'password' ? 'new-password' : 'off'}
          placeholder={field.placeholder}
        />
      );
    }
  }
}

function EnginePicker({
  engines,
  onPick,
}: {
  engines: AvailableEngine[];
  onPick: (engine: AvailableEngine) => void;
}) {
  return (
    <div>
      <Typography.Paragraph type="secondary">STEP 1 OF 2</Typography.Paragraph>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        Select a database to connect
      </Typography.Title>
      {engines.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No database engines available" />
      ) : null}
      <div
        role="list"
        aria-label="Databases you can connect"
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))',
          gap: 12,
        }}
      >
        {engines.map((engine) => (
          <Card
            key={engine.engine}
            role="listitem"
            hoverable
            size="small"
            tabIndex={0}
            aria-label={engine.name}
            onClick={() => onPick(engine)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' || e.key === ' ') {
                e.preventDefault();
                onPick(engine);
              }
            }}
            style={{ textAlign: 'center', cursor: 'pointer' }}
          >
            <DatabaseOutlined style={{ fontSize: 28, color: '#1f7a8c' }} />
            <div style={{ marginTop: 8, fontWeight: 600 }}>{engine.name}</div>
          </Card>
        ))}
      </div>
    </div>
  );
}

function AdvancedSection({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const flag = (name: keyof DatabaseFormValues, label: string, help?: string) => (
    <Form.Item name={name} valuePropName="checked" extra={help} style={{ marginBottom: 8 }}>
      <Checkbox>{label}</Checkbox>
    </Form.Item>
  );
  return (
    <Collapse
      activeKey={open ? ['advanced'] : []}
      onChange={(keys) => onOpenChange((Array.isArray(keys) ? keys : [keys]).includes('advanced'))}
      items={[
        {
          key: 'advanced',
          label: 'Advanced',
          forceRender: true,
          children: (
            <>
              <Typography.Title level={5} style={{ marginTop: 0 }}>
                SQL Lab
              </Typography.Title>
              {flag('expose_in_sqllab', 'Expose in SQL Lab')}
              {flag('allow_run_async', 'Allow asynchronous query execution')}
              {flag('allow_dml', 'Allow DML', 'Allow UPDATE, DELETE, CREATE, DROP… in SQL Lab.')}
              {flag('allow_ctas', 'Allow CREATE TABLE AS')}
              {flag('allow_cvas', 'Allow CREATE VIEW AS')}
              <Typography.Title level={5}>Performance</Typography.Title>
              <Form.Item
                name="cache_timeout"
                label="Chart cache timeout"
                extra="Seconds charts of this database are cached. 0: never expires; -1: no cache; empty: the default."
              >
                <InputNumber min={-1} precision={0} style={{ width: 200 }} />
              </Form.Item>
              <Typography.Title level={5}>Security</Typography.Title>
              {flag('allow_file_upload', 'Allow file uploads to database')}
              {flag(
                'impersonate_user',
                'Impersonate logged on user',
                'Run queries as the logged-on user where the database supports it.',
              )}
              <Form.Item
                name="extra"
                label="Extra"
                extra="JSON: engine parameters, metadata parameters, schemas allowed for file uploads…"
                rules={[
                  {
                    validator: (_rule, value: string | undefined) => {
                      const problem = jsonTextProblem(value, true);
                      return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
                    },
                  },
                ]}
              >
                <Input.TextArea rows={5} style={MONOSPACE} spellCheck={false} />
              </Form.Item>
            </>
          ),
        },
      ]}
    />
  );
}

interface ConnectionFormProps {
  form: FormInstance<DatabaseFormValues>;
  initialValues: DatabaseFormValues;
  engine: AvailableEngine | null;
  fields: ParameterField[];
  mode: ConnectionMode;
  onModeChange: (mode: ConnectionMode) => void;
  onParameterBlur: (name: string) => void;
  onTest: () => void;
  testing: boolean;
  formErrors: string[];
  advancedOpen: boolean;
  onAdvancedOpenChange: (open: boolean) => void;
}

function ConnectionForm({
  form,
  initialValues,
  engine,
  fields,
  mode,
  onModeChange,
  onParameterBlur,
  onTest,
  testing,
  formErrors,
  advancedOpen,
  onAdvancedOpenChange,
}: ConnectionFormProps) {
  const canUseParameters = engine !== null && fields.length > 0;
  return (
    <Form<DatabaseFormValues>
      form={form}
      layout="vertical"
      name="database-form"
      initialValues={initialValues}
      requiredMark
    >
      <Form.Item
        name="database_name"
        label="Display name"
        extra="Pick a name to help you identify this database."
        rules={[{ required: true, whitespace: true, message: MESSAGES.requiredField }]}
      >
        <Input autoComplete="off" />
      </Form.Item>
      {mode === 'parameters' && canUseParameters ? (
        <>
          {fields.map((field) => (
            <Form.Item
              key={field.name}
              name={['parameters', field.name]}
              label={field.label}
              tooltip={field.description}
              valuePropName={field.kind === 'switch' ? 'checked' : 'value'}
              validateTrigger={['onChange', 'onBlur']}
              rules={
                field.required
                  ? [
                      {
                        required: true,
                        // The rule's message is shown for any failure, a type mismatch too.
                        type:
                          field.kind === 'number'
                            ? 'number'
                            : field.kind === 'switch'
                              ? 'boolean'
                              : 'string',
                        whitespace: field.kind !== 'number' && field.kind !== 'switch',
                        message: MESSAGES.requiredField,
                      },
                    ]
                  : []
              }
            >
              <ParameterInput field={field} onLeave={() => onParameterBlur(field.name)} />
            </Form.Item>
          ))}
          <Button type="link" style={{ padding: 0 }} onClick={() => onModeChange('uri')}>
            Connect this database with a SQLAlchemy URI string instead
          </Button>
        </>
      ) : (
        <>
          <Form.Item
            name="sqlalchemy_uri"
            label="SQLAlchemy URI"
            extra="Refer to the engine's documentation for the connection string format."
            rules={[{ required: true, whitespace: true, message: MESSAGES.requiredField }]}
          >
            <Input
              autoComplete="off"
              spellCheck={false}
              style={MONOSPACE}
              placeholder={engine?.sqlalchemy_uri_placeholder ?? 'dialect://user:password@host/db'}
            />
          </Form.Item>
          {canUseParameters ? (
            <Button type="link" style={{ padding: 0 }} onClick={() => onModeChange('parameters')}>
              Connect this database using the dynamic form instead
            </Button>
          ) : null}
        </>
      )}
      <Flex style={{ margin: '12px 0 16px' }}>
        <Button icon={<ApiOutlined />} loading={testing} onClick={onTest}>
          Test connection
        </Button>
      </Flex>
      {formErrors.length > 0 ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={formErrors.length === 1 ? formErrors[0] : 'The connection has problems'}
          description={
            formErrors.length > 1 ? (
              <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                {formErrors.map((m) => (
                  <li key={m}>{m}</li>
                ))}
              </ul>
            ) : undefined
          }
        />
      ) : null}
      <AdvancedSection open={advancedOpen} onOpenChange={onAdvancedOpenChange} />
    </Form>
  );
}

/** Connect a database (engine, then parameters or URI) or edit one. Mount it fresh per opening. */
export default function DatabaseModal({
  open,
  item,
  onClose,
  onSaved,
}: ItemFormModalProps<DatabaseRef>) {
  const { addSuccessToast, addDangerToast } = useToasts();
  const [form] = Form.useForm<DatabaseFormValues>();
  // antd's NamePath<V> cannot tell nested parameter names apart; setFields takes plain paths.
  const untypedForm: FormInstance = form;
  const [engines, setEngines] = useState<AvailableEngine[] | null>(null);
  const [detail, setDetail] = useState<DatabaseDetail | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [engine, setEngine] = useState<AvailableEngine | null>(null);
  const [mode, setMode] = useState<ConnectionMode>('parameters');
  const [initialValues, setInitialValues] = useState<DatabaseFormValues | null>(null);
  const [testing, setTesting] = useState(false);
  const [saving, setSaving] = useState(false);
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [advancedOpen, setAdvancedOpen] = useState(false);
  const touched = useRef(new Set<string>());
  const serverFlagged = useRef(new Set<string>());
  const validateTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const validateAbort = useRef<AbortController | null>(null);
  const editing = item !== null;

  const fields = useMemo(() => parameterFields(engine?.parameters), [engine]);
  const context: ConnectionContext = useMemo(
    () => ({ mode, engine, fields }),
    [mode, engine, fields],
  );

  // ---- load the engines (and the database when editing)
  useEffect(() => {
    if (!open) return undefined;
    const controller = new AbortController();
    const signal = controller.signal;
    Promise.all([
      api.get<AvailableEngine[]>(DATABASE_URLS.available, { signal }),
      item
        ? api.get<{ result: DatabaseDetail }>(DATABASE_URLS.item(item.id), { signal })
        : Promise.resolve(null),
    ])
      .then(([available, loaded]) => {
        const list = Array.isArray(available) ? available : [];
        setEngines(list);
        if (loaded) {
          const db = loaded.result;
          const found = engineForBackend(list, db.backend);
          setDetail(db);
          setEngine(found);
          setMode('uri');
          setInitialValues(databaseFormValues(db, parameterFields(found?.parameters)));
        }
      })
      .catch((e: unknown) => {
        if (!isAbortError(e)) setLoadError(errorMessage(e));
      });
    return () => controller.abort();
  }, [open, item]);

  useEffect(
    () => () => {
      if (validateTimer.current) clearTimeout(validateTimer.current);
      validateAbort.current?.abort();
    },
    [],
  );

  const pickEngine = (picked: AvailableEngine) => {
    const values = newDatabaseValues(picked);
    // The form store outlives the form (Back, then another engine): start it afresh.
    form.resetFields();
    form.setFieldsValue(values);
    form.setFieldValue('parameters', {});
    setEngine(picked);
    setMode(hasParametersForm(picked) ? 'parameters' : 'uri');
    setInitialValues(values);
    setFormErrors([]);
    touched.current = new Set();
    serverFlagged.current = new Set();
  };

  const backToEngines = () => {
    setEngine(null);
    setInitialValues(null);
    setFormErrors([]);
  };

  // ---- validate_parameters on leaving a parameter (debounced)
  const validateParameters = useCallback(async () => {
    if (!engine) return;
    validateAbort.current?.abort();
    const controller = new AbortController();
    validateAbort.current = controller;
    const values = (form.getFieldValue('parameters') ?? {}) as DatabaseFormValues['parameters'];
    let mapped = { fields: {} as Record<string, string[]>, form: [] as string[] };
    try {
      await api.post(
        DATABASE_URLS.validateParameters,
        {
          engine: engine.engine,
          parameters: cleanParameters(values, fields),
          ...(detail ? { database_name: detail.database_name } : {}),
        },
        { signal: controller.signal },
      );
    } catch (e) {
      if (isAbortError(e)) return;
      mapped =
        e instanceof ApiError && e.status === 422
          ? mapValidationErrors(e.body, { force: false, touched: touched.current, fields })
          : { fields: {}, form: [errorMessage(e)] };
    }
    if (controller.signal.aborted) return;
    const updates: Array<{ name: string[]; errors: string[] }> = [];
    for (const name of serverFlagged.current) {
      if (!mapped.fields[name]) updates.push({ name: ['parameters', name], errors: [] });
    }
    for (const [name, errors] of Object.entries(mapped.fields)) {
      updates.push({ name: ['parameters', name], errors });
    }
    serverFlagged.current = new Set(Object.keys(mapped.fields));
    untypedForm.setFields(updates);
    setFormErrors(mapped.form);
  }, [engine, fields, detail, form, untypedForm]);

  const onParameterBlur = useCallback(
    (name: string) => {
      touched.current.add(name);
      if (validateTimer.current) clearTimeout(validateTimer.current);
      validateTimer.current = setTimeout(() => void validateParameters(), VALIDATE_DEBOUNCE_MS);
    },
    [validateParameters],
  );

  const changeMode = (next: ConnectionMode) => {
    setMode(next);
    setFormErrors([]);
  };

  // ---- test connection
  const testConnection = async () => {
    const values = form.getFieldsValue(true) as DatabaseFormValues;
    setTesting(true);
    try {
      await api.post(
        DATABASE_URLS.testConnection,
        testConnectionBody(values, context, detail?.database_name),
      );
      addSuccessToast(MESSAGES.connectionGood);
    } catch (e) {
      addDangerToast(formatMessage(MESSAGES.connectionError, errorMessage(e)));
    } finally {
      setTesting(false);
    }
  };

  // ---- save
  const save = async () => {
    try {
      await form.validateFields();
    } catch (e) {
      const names =
        typeof e === 'object' && e !== null && 'errorFields' in e
          ? (e as { errorFields: Array<{ name: Array<string | number> }> }).errorFields.map((f) =>
              String(f.name[0]),
            )
          : [];
      if (names.some((n) => n === 'extra' || n === 'cache_timeout')) setAdvancedOpen(true);
      return;
    }
    const values = form.getFieldsValue(true) as DatabaseFormValues;
    const payload = databaseSavePayload(values, context, {
      extraKnown: detail !== null && detail.extra !== undefined,
    });
    setSaving(true);
    setFormErrors([]);
    try {
      // The server tests the connection first and saves nothing when it fails.
      if (detail) await api.put(DATABASE_URLS.item(detail.id), payload);
      else await api.post(DATABASE_URLS.create, payload);
      addSuccessToast(
        detail ? `Saved: ${payload.database_name}` : `Added: ${payload.database_name}`,
      );
      onSaved();
    } catch (e) {
      const refusal = connectionRefusal(e);
      if (refusal !== null) {
        // Superset refuses to save a database it cannot connect to: the engine's error, here.
        setFormErrors([formatMessage(MESSAGES.connectionError, refusal)]);
        return;
      }
      const mapped =
        e instanceof ApiError ? saveFieldErrors(e.body, context) : { fields: [], other: [] };
      if (mapped.fields.length > 0) untypedForm.setFields(mapped.fields);
      if (mapped.fields.some((f) => f.name[0] === 'extra' || f.name[0] === 'cache_timeout')) {
        setAdvancedOpen(true);
      }
      if (mapped.other.length > 0) setFormErrors(mapped.other);
      if (mapped.fields.length === 0 && mapped.other.length === 0) {
        addDangerToast(errorMessage(e));
      }
    } finally {
      setSaving(false);
    }
  };

  const showForm = initialValues !== null && (editing || engine !== null || engines?.length === 0);
  const loading = !loadError && (engines === null || (editing && detail === null));

  let body;
  if (loadError) {
    body = <Alert type="error" showIcon title={loadError} />;
  } else if (loading) {
    body = (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin />
      </Flex>
    );
  } else if (!showForm || initialValues === null) {
    body = <EnginePicker engines={engines ?? []} onPick={pickEngine} />;
  } else {
    body = (
      <>
        {!editing ? (
          <>
            <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
              STEP 2 OF 2
            </Typography.Paragraph>
            <Typography.Title level={5} style={{ marginTop: 0 }}>
              {mode === 'parameters'
                ? `Enter the required ${engine?.name ?? ''} credentials`
                : `Connect ${engine?.name ?? 'a database'} with a SQLAlchemy URI`}
            </Typography.Title>
          </>
        ) : null}
        <ConnectionForm
          key={engine?.engine ?? 'none'}
          form={form}
          initialValues={initialValues}
          engine={engine}
          fields={fields}
          mode={mode}
          onModeChange={changeMode}
          onParameterBlur={onParameterBlur}
          onTest={() => void testConnection()}
          testing={testing}
          formErrors={formErrors}
          advancedOpen={advancedOpen}
          onAdvancedOpenChange={setAdvancedOpen}
        />
      </>
    );
  }

  const footer = (
    <Flex justify="space-between">
      <span>
        {showForm && !editing ? (
          <Button onClick={backToEngines} disabled={saving}>
            Back
          </Button>
        ) : null}
      </span>
      <Space>
        <Button onClick={onClose}>Cancel</Button>
        {showForm ? (
          <Button type="primary" loading={saving} onClick={() => void save()}>
            {editing ? 'Save' : 'Connect'}
          </Button>
        ) : null}
      </Space>
    </Flex>
  );

  return (
    <Modal
      open={open}
      title={editing ? `Edit database ${item.database_name}` : 'Connect a database'}
      width={640}
      onCancel={onClose}
      footer={footer}
      destroyOnHidden
      mask={{ closable: false }}
    >
      {body}
    </Modal>
  );
}
