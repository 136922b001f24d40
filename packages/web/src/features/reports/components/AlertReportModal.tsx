/**
 * The alert/report modal of the lists (Superset's AlertReportModal): sections General, Alert
 * condition (alerts), Content, Schedule, Notification method and Advanced, checked before saving
 * (every problem on its field, its section opened and marked), then created or updated; the
 * server's 422 field messages land on their fields.
 */
import { useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Collapse,
  Flex,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Select,
  Skeleton,
  Switch,
  Typography,
} from 'antd';
import { CheckCircleFilled, ExclamationCircleFilled } from '@ant-design/icons';
import { MESSAGES, REPORT_MAX_CUSTOM_WIDTH, REPORT_MIN_CUSTOM_WIDTH } from '@strata/core';
import type { ReportListItem, ReportType } from '@strata/core';
import { ApiError, errorMessage, isAbortError } from '../../../app/api';
import { useCurrentUser } from '../../../app/BootstrapContext';
import { useToasts } from '../../../app/toasts';
import type { ItemFormModalProps } from '../../../components/ListView';
import { OwnersSelect } from '../../datasets/OwnersSelect';
import { SqlEditor } from '../../sqllab/components/SqlEditor';
import type { SqlCompletions } from '../../sqllab/components/SqlEditor';
import {
  CONDITION_OPTIONS,
  LOG_RETENTION_DAYS,
  NO_ERRORS,
  fittingFormat,
  formFromShow,
  formatOptions,
  hasErrors,
  isScreenshotFormat,
  newReportForm,
  reportBody,
  sectionsWithErrors,
  serverErrors,
  validateReportForm,
} from '../reportForm';
import type { Condition, FormErrors, FormField, ReportForm, Section } from '../reportForm';
import { createReport, fetchReport, updateReport } from '../reportsApi';
import { browserTimezone } from '../timezones';
import { DashboardViewFields, useDashboardChoices } from './DashboardViewFields';
import { NotificationMethods } from './NotificationMethods';
import { RelatedSelect } from './RelatedSelect';
import { SchedulePicker } from './SchedulePicker';
import { TimezoneSelect } from './TimezoneSelect';
import { WidthInput } from './WidthInput';

const NO_COMPLETIONS: SqlCompletions = { schemas: [], tables: [], columns: {}, functions: [] };

const SECTION_TEXT: Record<Section, { title: (type: ReportType) => string; subtitle: string }> = {
  general: {
    title: () => 'General information',
    subtitle: 'Set up basic details, such as name and description.',
  },
  condition: {
    title: () => 'Alert condition',
    subtitle: 'Define the database, SQL query, and triggering conditions for alert.',
  },
  content: {
    title: (type) => (type === 'Alert' ? 'Alert contents' : 'Report contents'),
    subtitle: 'Customize data source, filters, and layout.',
  },
  schedule: {
    title: () => 'Schedule',
    subtitle: 'Define delivery schedule and time zone.',
  },
  notification: {
    title: () => 'Notification method',
    subtitle: 'Choose notification method and recipients.',
  },
  advanced: {
    title: () => 'Advanced',
    subtitle: 'Log retention, working timeout and grace period.',
  },
};

function SectionHeader({
  section,
  type,
  state,
}: {
  section: Section;
  type: ReportType;
  /** complete: everything required is there; error: a problem is shown inside. */
  state: 'complete' | 'error' | 'incomplete';
}) {
  const text = SECTION_TEXT[section];
  return (
    <Flex align="start" justify="space-between" gap={12} data-test={`section-${section}`}>
      <div>
        <Typography.Text strong>{text.title(type)}</Typography.Text>
        <div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {text.subtitle}
          </Typography.Text>
        </div>
      </div>
      {state === 'error' ? (
        <ExclamationCircleFilled
          aria-label="Needs attention"
          style={{ color: '#e03131', fontSize: 16, marginTop: 3 }}
        />
      ) : state === 'complete' ? (
        <CheckCircleFilled
          aria-label="Complete"
          style={{ color: '#2f9e44', fontSize: 16, marginTop: 3 }}
        />
      ) : null}
    </Flex>
  );
}

/** The success toast of a save (the spec's texts for reports). */
function savedMessage(type: ReportType, created: boolean): string {
  if (type === 'Report') return created ? MESSAGES.reportCreated : MESSAGES.reportUpdated;
  return created ? 'The alert has been created' : 'Alert updated';
}

export interface AlertReportModalProps extends ItemFormModalProps<ReportListItem> {
  type: ReportType;
}

export default function AlertReportModal({
  open,
  item,
  onClose,
  onSaved,
  type,
}: AlertReportModalProps) {
  const user = useCurrentUser();
  const toasts = useToasts();
  const editing = item !== null;
  const [form, setForm] = useState<ReportForm | null>(() =>
    editing
      ? null
      : newReportForm(type, {
          owner: user
            ? {
                value: user.userId,
                label: [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username,
              }
            : null,
          timezone: browserTimezone(),
        }),
  );
  const [loadError, setLoadError] = useState<string | null>(null);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const [openSections, setOpenSections] = useState<string[]>(['general']);

  useEffect(() => {
    if (!item) return undefined;
    const controller = new AbortController();
    fetchReport(item.id, controller.signal)
      .then((show) => setForm(formFromShow(show)))
      .catch((e: unknown) => {
        if (!isAbortError(e)) setLoadError(errorMessage(e));
      });
    return () => controller.abort();
  }, [item]);

  const dashboardId = form?.contentType === 'dashboard' ? (form.dashboard?.value ?? null) : null;
  const choices = useDashboardChoices(dashboardId);
  const live = useMemo(() => (form ? validateReportForm(form) : NO_ERRORS), [form]);
  const liveSections = useMemo(() => sectionsWithErrors(live), [live]);
  const shownSections = useMemo(() => sectionsWithErrors(errors), [errors]);

  const update = (part: Partial<ReportForm>) => {
    setForm((f) => (f ? { ...f, ...part } : f));
    // A field changed: its shown problem goes (the next save checks again).
    if (tried) {
      setErrors((e) => {
        const fields = { ...e.fields };
        for (const key of Object.keys(part)) delete fields[key as FormField];
        if ('contentType' in part || 'chart' in part || 'dashboard' in part) delete fields.content;
        if ('condition' in part) delete fields.threshold;
        return { ...e, fields, general: undefined };
      });
    }
  };

  const title = `${editing ? 'Edit' : 'Add'} ${type === 'Alert' ? 'Alert' : 'Report'}`;
  const what = type === 'Alert' ? 'Alert' : 'Report';

  const save = async () => {
    if (!form) return;
    setTried(true);
    const found = validateReportForm(form);
    if (hasErrors(found)) {
      setErrors(found);
      setOpenSections((s) => [...new Set([...s, ...sectionsWithErrors(found)])]);
      return;
    }
    setErrors(NO_ERRORS);
    setSaving(true);
    try {
      const body = reportBody(form, choices.known ? choices : undefined);
      if (form.id !== null) await updateReport(form.id, body);
      else await createReport(body);
      toasts.addSuccessToast(savedMessage(type, form.id === null));
      onSaved();
    } catch (e) {
      const fromServer = e instanceof ApiError ? serverErrors(e.body) : null;
      const shown = fromServer ?? { fields: {}, recipients: {}, general: errorMessage(e) };
      setErrors(shown);
      setOpenSections((s) => [...new Set([...s, ...sectionsWithErrors(shown)])]);
    } finally {
      setSaving(false);
    }
  };

  const fieldError = (field: FormField) => errors.fields[field];
  const itemProps = (field: FormField, label: ReactNode, htmlFor: string, required = false) => ({
    label,
    htmlFor,
    required,
    validateStatus: fieldError(field) ? ('error' as const) : undefined,
    help: fieldError(field),
  });
  const sectionState = (s: Section) =>
    shownSections.has(s) ? 'error' : liveSections.has(s) ? 'incomplete' : 'complete';

  const body = !form ? (
    loadError ? (
      <Alert
        type="error"
        showIcon
        title={`The ${what.toLowerCase()} could not be loaded`}
        description={loadError}
      />
    ) : (
      <Skeleton active paragraph={{ rows: 8 }} />
    )
  ) : (
    <Form layout="vertical" requiredMark onFinish={() => void save()} component="div">
      {errors.general ? (
        <Alert
          type="error"
          showIcon
          title={
            editing
              ? `Failed to update ${what.toLowerCase()}`
              : `Failed to create ${what.toLowerCase()}`
          }
          description={errors.general}
          style={{ marginBottom: 12 }}
        />
      ) : null}
      <Collapse
        activeKey={openSections}
        onChange={(keys) => setOpenSections(Array.isArray(keys) ? keys : [keys])}
        expandIconPlacement="end"
        items={[
          {
            key: 'general',
            label: <SectionHeader section="general" type={type} state={sectionState('general')} />,
            children: (
              <>
                <Form.Item {...itemProps('name', `${what} name`, 'report-name', true)}>
                  <Input
                    id="report-name"
                    value={form.name}
                    placeholder={`Enter ${what.toLowerCase()} name`}
                    onChange={(e) => update({ name: e.target.value })}
                  />
                </Form.Item>
                <Form.Item {...itemProps('owners', 'Owners', 'report-owners', true)}>
                  <OwnersSelect
                    id="report-owners"
                    resource="report"
                    value={form.owners}
                    onChange={(owners) => update({ owners })}
                  />
                </Form.Item>
                <Form.Item {...itemProps('description', 'Description', 'report-description')}>
                  <Input
                    id="report-description"
                    value={form.description}
                    placeholder={`Include description to be sent with ${what.toLowerCase()}`}
                    onChange={(e) => update({ description: e.target.value })}
                  />
                </Form.Item>
                <Flex align="center" gap={8}>
                  <Switch
                    id="report-active"
                    checked={form.active}
                    onChange={(active) => update({ active })}
                  />
                  <label htmlFor="report-active">{what} is active</label>
                </Flex>
              </>
            ),
          },
          ...(type === 'Alert'
            ? [
                {
                  key: 'condition',
                  label: (
                    <SectionHeader
                      section="condition"
                      type={type}
                      state={sectionState('condition')}
                    />
                  ),
                  children: (
                    <>
                      <Form.Item {...itemProps('database', 'Database', 'report-database', true)}>
                        <RelatedSelect
                          id="report-database"
                          column="database"
                          placeholder="Select database"
                          value={form.database}
                          status={fieldError('database') ? 'error' : undefined}
                          onChange={(database) => update({ database })}
                        />
                      </Form.Item>
                      <Form.Item
                        {...itemProps('sql', 'SQL Query', 'report-sql', true)}
                        extra="The query must return one row with one column, a number (e.g. 1, 1.0 or '1')."
                      >
                        <div id="report-sql">
                          <SqlEditor
                            value={form.sql}
                            onChange={(sql) => update({ sql })}
                            dialect="standard"
                            completions={NO_COMPLETIONS}
                            onRun={() => undefined}
                            height={180}
                            placeholder="SELECT count(*) FROM …"
                          />
                        </div>
                      </Form.Item>
                      <Flex gap={12} wrap>
                        <Form.Item
                          {...itemProps('condition', 'Trigger alert if…', 'report-condition', true)}
                          style={{ flex: 1, minWidth: 200, marginBottom: 0 }}
                        >
                          <Select<Condition>
                            id="report-condition"
                            placeholder="Condition"
                            value={form.condition ?? undefined}
                            options={CONDITION_OPTIONS}
                            status={fieldError('condition') ? 'error' : undefined}
                            onChange={(condition) => update({ condition })}
                          />
                        </Form.Item>
                        <Form.Item
                          {...itemProps(
                            'threshold',
                            'Value',
                            'report-threshold',
                            form.condition !== 'not null',
                          )}
                          style={{ flex: 1, minWidth: 160, marginBottom: 0 }}
                        >
                          <Input
                            id="report-threshold"
                            inputMode="decimal"
                            placeholder="Value"
                            disabled={form.condition === 'not null'}
                            value={form.condition === 'not null' ? '' : form.threshold}
                            onChange={(e) => update({ threshold: e.target.value })}
                          />
                        </Form.Item>
                      </Flex>
                    </>
                  ),
                },
              ]
            : []),
          {
            key: 'content',
            label: <SectionHeader section="content" type={type} state={sectionState('content')} />,
            children: (
              <>
                <Form.Item label="Content type" htmlFor="report-content-type" required>
                  <Radio.Group
                    id="report-content-type"
                    optionType="button"
                    value={form.contentType}
                    options={[
                      { value: 'dashboard', label: 'Dashboard' },
                      { value: 'chart', label: 'Chart' },
                    ]}
                    onChange={(e) => {
                      const contentType = e.target.value as ReportForm['contentType'];
                      update({ contentType, format: fittingFormat(contentType, form.format) });
                    }}
                  />
                </Form.Item>
                {form.contentType === 'dashboard' ? (
                  <Form.Item {...itemProps('content', 'Dashboard', 'report-dashboard', true)}>
                    <RelatedSelect
                      id="report-dashboard"
                      column="dashboard"
                      placeholder="Select dashboard to use"
                      value={form.dashboard}
                      status={fieldError('content') ? 'error' : undefined}
                      onChange={(dashboard) => update({ dashboard, view: {} })}
                    />
                  </Form.Item>
                ) : (
                  <Form.Item {...itemProps('content', 'Chart', 'report-chart', true)}>
                    <RelatedSelect
                      id="report-chart"
                      column="chart"
                      placeholder="Select chart to use"
                      value={form.chart}
                      status={fieldError('content') ? 'error' : undefined}
                      onChange={(chart) => update({ chart })}
                    />
                  </Form.Item>
                )}
                <Form.Item {...itemProps('format', 'Content format', 'report-format', true)}>
                  <Select
                    id="report-format"
                    value={form.format}
                    options={formatOptions(form.contentType)}
                    onChange={(format) => update({ format })}
                  />
                </Form.Item>
                {form.contentType === 'dashboard' && form.dashboard ? (
                  <>
                    <DashboardViewFields
                      choices={choices}
                      view={form.view}
                      onChange={(view) => update({ view })}
                    />
                    {fieldError('view') ? (
                      <Typography.Text type="danger">{fieldError('view')}</Typography.Text>
                    ) : null}
                  </>
                ) : null}
                {isScreenshotFormat(form.format) ? (
                  <Form.Item
                    {...itemProps('customWidth', 'Screenshot width', 'report-width')}
                    extra={
                      fieldError('customWidth')
                        ? undefined
                        : `Between ${REPORT_MIN_CUSTOM_WIDTH} and ${REPORT_MAX_CUSTOM_WIDTH} pixels; empty: the default width.`
                    }
                  >
                    <WidthInput
                      id="report-width"
                      value={form.customWidth}
                      onChange={(w) => update({ customWidth: w })}
                    />
                  </Form.Item>
                ) : null}
                <Checkbox
                  checked={form.forceScreenshot}
                  onChange={(e) => update({ forceScreenshot: e.target.checked })}
                >
                  Ignore cache when generating {what.toLowerCase()}
                </Checkbox>
              </>
            ),
          },
          {
            key: 'schedule',
            label: (
              <SectionHeader section="schedule" type={type} state={sectionState('schedule')} />
            ),
            children: (
              <>
                <SchedulePicker
                  id="report-crontab"
                  value={form.crontab}
                  onChange={(crontab) => update({ crontab })}
                  error={fieldError('crontab')}
                />
                <Form.Item
                  {...itemProps('timezone', 'Time zone', 'report-timezone', true)}
                  style={{ marginBottom: 0 }}
                >
                  <TimezoneSelect
                    id="report-timezone"
                    value={form.timezone}
                    status={fieldError('timezone') ? 'error' : undefined}
                    onChange={(timezone) => update({ timezone })}
                  />
                </Form.Item>
              </>
            ),
          },
          {
            key: 'notification',
            label: (
              <SectionHeader
                section="notification"
                type={type}
                state={sectionState('notification')}
              />
            ),
            children: (
              <NotificationMethods
                settings={form.recipients}
                errors={errors.recipients}
                missingError={fieldError('recipients')}
                onChange={(recipients) => {
                  update({ recipients });
                  setErrors((e) => ({ ...e, recipients: {} }));
                }}
              />
            ),
          },
          {
            key: 'advanced',
            label: (
              <SectionHeader section="advanced" type={type} state={sectionState('advanced')} />
            ),
            children: (
              <>
                <Form.Item
                  {...itemProps('logRetention', 'Log retention', 'report-retention', true)}
                >
                  <Select<number>
                    id="report-retention"
                    value={form.logRetention}
                    options={[
                      ...LOG_RETENTION_DAYS.map((d) => ({
                        value: d,
                        label: d === 1 ? '1 day' : `${d} days`,
                      })),
                      ...(LOG_RETENTION_DAYS.some((d) => d === form.logRetention)
                        ? []
                        : [{ value: form.logRetention, label: `${form.logRetention} days` }]),
                    ]}
                    onChange={(logRetention) => update({ logRetention })}
                    style={{ width: 240 }}
                  />
                </Form.Item>
                <Form.Item
                  {...itemProps('workingTimeout', 'Working timeout', 'report-timeout', true)}
                  extra={
                    fieldError('workingTimeout')
                      ? undefined
                      : 'A run still working after this long is marked as failed.'
                  }
                >
                  <InputNumber
                    id="report-timeout"
                    min={1}
                    precision={0}
                    placeholder="Time in seconds"
                    value={form.workingTimeout}
                    onChange={(v) => update({ workingTimeout: typeof v === 'number' ? v : null })}
                    suffix="seconds"
                    style={{ width: 240 }}
                  />
                </Form.Item>
                {type === 'Alert' ? (
                  <Form.Item
                    {...itemProps('gracePeriod', 'Grace period', 'report-grace')}
                    extra={
                      fieldError('gracePeriod')
                        ? undefined
                        : 'After a notification, the alert stays quiet this long.'
                    }
                    style={{ marginBottom: 0 }}
                  >
                    <InputNumber
                      id="report-grace"
                      min={1}
                      precision={0}
                      placeholder="Time in seconds"
                      value={form.gracePeriod}
                      onChange={(v) => update({ gracePeriod: typeof v === 'number' ? v : null })}
                      suffix="seconds"
                      style={{ width: 240 }}
                    />
                  </Form.Item>
                ) : null}
              </>
            ),
          },
        ]}
      />
    </Form>
  );

  return (
    <Modal
      open={open}
      title={<span data-test="alert-report-modal-title">{title}</span>}
      onCancel={onClose}
      width={680}
      centered
      destroyOnHidden
      styles={{ body: { maxHeight: 'calc(100vh - 200px)', overflowY: 'auto', paddingRight: 4 } }}
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={onClose}>Cancel</Button>
          <Button
            type="primary"
            loading={saving}
            disabled={!form}
            onClick={() => void save()}
            data-test="report-save"
          >
            {editing ? 'Save' : 'Add'}
          </Button>
        </Flex>
      }
    >
      {body}
    </Modal>
  );
}
