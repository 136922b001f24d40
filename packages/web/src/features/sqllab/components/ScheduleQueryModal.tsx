import { useEffect, useMemo, useState } from 'react';
import {
  Alert,
  Checkbox,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Modal,
  Select,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { scheduleDefaults, scheduleErrors, scheduleFields } from '@strata/core';
import type { ScheduleField, ScheduleValue, ScheduleValues } from '@strata/core';
import { errorMessage } from '../../../app/api/errors';
import { useSqlLabDispatch, useSqlLabSelector } from '../store/hooks';
import { scheduleQuery } from '../store/savedQueryThunks';
import { selectConf, selectEditor } from '../store/selectors';

/** One field of the schedule form, by its kind (Superset's subset of JSON schema). */
function FieldInput({
  field,
  value,
  onChange,
}: {
  field: ScheduleField;
  value: ScheduleValue | undefined;
  onChange: (v: ScheduleValue) => void;
}) {
  const common = { 'aria-label': field.label, id: `schedule-${field.name}` };
  switch (field.kind) {
    case 'boolean':
      return (
        <Checkbox {...common} checked={value === true} onChange={(e) => onChange(e.target.checked)}>
          {field.label}
        </Checkbox>
      );
    case 'integer':
    case 'number':
      return (
        <InputNumber
          {...common}
          style={{ width: '100%' }}
          precision={field.kind === 'integer' ? 0 : undefined}
          min={field.min ?? undefined}
          max={field.max ?? undefined}
          placeholder={field.placeholder ?? undefined}
          value={typeof value === 'number' ? value : null}
          onChange={(v) => onChange(typeof v === 'number' ? v : null)}
        />
      );
    case 'enum':
      return (
        <Select
          {...common}
          allowClear
          placeholder={field.placeholder ?? undefined}
          options={field.options.map((o) => ({ value: o, label: String(o) }))}
          value={typeof value === 'string' || typeof value === 'number' ? value : undefined}
          onChange={(v: string | number | undefined) => onChange(v ?? null)}
        />
      );
    case 'tags':
      return (
        <Select
          {...common}
          mode="tags"
          open={false}
          suffixIcon={null}
          placeholder={field.placeholder ?? 'Type and press Enter'}
          value={Array.isArray(value) ? value : []}
          onChange={(v: string[]) => onChange(v)}
        />
      );
    case 'datetime':
      return (
        <DatePicker
          {...common}
          showTime
          style={{ width: '100%' }}
          format="YYYY-MM-DD HH:mm"
          value={typeof value === 'string' && value ? dayjs(value) : null}
          onChange={(d) => onChange(d ? d.toISOString() : null)}
        />
      );
    default:
      return (
        <Input
          {...common}
          placeholder={field.placeholder ?? undefined}
          value={typeof value === 'string' || typeof value === 'number' ? String(value) : ''}
          onChange={(e) => onChange(e.target.value)}
        />
      );
  }
}

/**
 * "Schedule query": a name and description, then the configured schedule form (the server's
 * STRATA_SCHEDULED_QUERIES); Submit saves the query with the values in `extra_json`.
 */
export function ScheduleQueryModal({
  open,
  editorId,
  onClose,
}: {
  open: boolean;
  editorId: string;
  onClose: () => void;
}) {
  const dispatch = useSqlLabDispatch();
  const conf = useSqlLabSelector(selectConf).SCHEDULED_QUERIES;
  const editor = useSqlLabSelector((s) => selectEditor(s, editorId));
  const fields = useMemo(() => (conf ? scheduleFields(conf) : []), [conf]);
  const [label, setLabel] = useState('');
  const [description, setDescription] = useState('');
  const [values, setValues] = useState<ScheduleValues>({});
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const editorName = editor?.name ?? '';

  useEffect(() => {
    if (!open || !conf) return;
    setLabel(editorName);
    setDescription('');
    setValues(scheduleDefaults(conf, new Date()));
    setTried(false);
    setFailure(null);
  }, [open, conf, editorName]);

  if (!conf) return null;
  const errors = scheduleErrors(conf, values);
  const labelError = label.trim() === '' ? 'Label is required' : null;
  const showErrors = tried;

  const submit = async () => {
    setTried(true);
    if (labelError || Object.keys(errors).length > 0 || busy) return;
    setBusy(true);
    setFailure(null);
    try {
      await dispatch(scheduleQuery(editorId, { label, description, values }));
      onClose();
    } catch (e) {
      setFailure(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  const schema = conf.JSONSCHEMA;
  return (
    <Modal
      open={open}
      title="Schedule query"
      okText="Submit"
      onOk={() => void submit()}
      confirmLoading={busy}
      onCancel={onClose}
      destroyOnHidden
      width={600}
      // A long form scrolls inside the dialog; its buttons stay in view.
      styles={{ body: { maxHeight: 'calc(100vh - 260px)', overflowY: 'auto', paddingRight: 8 } }}
    >
      <Form layout="vertical" onFinish={() => void submit()}>
        <Form.Item
          label="Label"
          required
          validateStatus={showErrors && labelError ? 'error' : undefined}
          help={showErrors ? labelError : undefined}
        >
          <Input
            aria-label="Label"
            placeholder="Label for your query"
            value={label}
            onChange={(e) => setLabel(e.target.value)}
          />
        </Form.Item>
        <Form.Item label="Description">
          <Input.TextArea
            aria-label="Description"
            placeholder="Write a description for your query"
            autoSize={{ minRows: 2, maxRows: 5 }}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
          />
        </Form.Item>
        {schema.title ? <Typography.Title level={5}>{schema.title}</Typography.Title> : null}
        {schema.description ? (
          <Typography.Paragraph type="secondary">{schema.description}</Typography.Paragraph>
        ) : null}
        {fields.map((f) => {
          const error = showErrors ? errors[f.name] : undefined;
          return (
            <Form.Item
              key={f.name}
              label={f.kind === 'boolean' ? undefined : f.label}
              htmlFor={`schedule-${f.name}`}
              required={f.required}
              validateStatus={error ? 'error' : undefined}
              help={error ?? f.help ?? undefined}
            >
              <FieldInput
                field={f}
                value={values[f.name]}
                onChange={(v) => setValues((old) => ({ ...old, [f.name]: v }))}
              />
            </Form.Item>
          );
        })}
        {failure ? <Alert type="error" showIcon title={failure} /> : null}
      </Form>
    </Modal>
  );
}
