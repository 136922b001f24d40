/**
 * The e-mail report of a chart or dashboard, from its header menu (Superset's ReportModal):
 * name, description, schedule and time zone, the format (charts), the screenshot width; sent to
 * the user's own address. Loaded when first opened.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Flex, Form, Input, Modal, Radio, Skeleton, Typography } from 'antd';
import { CalendarOutlined } from '@ant-design/icons';
import { MESSAGES } from '@strata/core';
import type { ReportListItem } from '@strata/core';
import { ApiError, errorMessage, isAbortError } from '../../../app/api';
import { useCurrentUser } from '../../../app/BootstrapContext';
import { useToasts } from '../../../app/toasts';
import {
  newSimpleReport,
  simpleReportCreateBody,
  simpleReportErrors,
  simpleReportFormats,
  simpleReportFromShow,
  simpleReportUpdateBody,
} from '../headerReport';
import type { SimpleReport, SimpleReportField } from '../headerReport';
import { isScreenshotFormat, serverErrors } from '../reportForm';
import type { TargetKind } from '../reportList';
import { createReport, fetchReport, updateReport } from '../reportsApi';
import { browserTimezone } from '../timezones';
import { SchedulePicker } from './SchedulePicker';
import { TimezoneSelect } from './TimezoneSelect';
import { WidthInput } from './WidthInput';

export interface ReportModalProps {
  kind: TargetKind;
  targetId: number;
  targetName?: string | null;
  vizType?: string | null;
  /** The report to edit, or null to set one up. */
  report: ReportListItem | null;
  onClose: () => void;
  /** After a save: the menu loads the report again. */
  onSaved: () => void;
}

type Errors = Partial<Record<SimpleReportField, string>> & { general?: string };

const SERVER_TO_SIMPLE: Partial<Record<string, SimpleReportField>> = {
  name: 'name',
  crontab: 'crontab',
  timezone: 'timezone',
  customWidth: 'customWidth',
  recipients: 'email',
};

export default function ReportModal({
  kind,
  targetId,
  targetName,
  vizType,
  report,
  onClose,
  onSaved,
}: ReportModalProps) {
  const user = useCurrentUser();
  const toasts = useToasts();
  const editing = report !== null;
  const [value, setValue] = useState<SimpleReport | null>(() =>
    editing ? null : newSimpleReport({ kind, targetName, vizType, timezone: browserTimezone() }),
  );
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!report) return undefined;
    const controller = new AbortController();
    fetchReport(report.id, controller.signal)
      .then((show) => setValue(simpleReportFromShow(show)))
      .catch((e: unknown) => {
        if (!isAbortError(e)) setErrors({ general: errorMessage(e) });
      });
    return () => controller.abort();
  }, [report]);

  const change = (part: Partial<SimpleReport>) => {
    setValue((v) => (v ? { ...v, ...part } : v));
    setErrors((e) => {
      const next = { ...e, general: undefined };
      for (const key of Object.keys(part)) delete next[key as SimpleReportField];
      return next;
    });
  };

  const save = async () => {
    if (!value || !user) return;
    const found = simpleReportErrors(value, user.email, !editing);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
    setSaving(true);
    try {
      if (report) {
        await updateReport(report.id, simpleReportUpdateBody(value));
        toasts.addSuccessToast(MESSAGES.reportUpdated);
      } else {
        await createReport(
          simpleReportCreateBody(value, {
            kind,
            id: targetId,
            userId: user.userId,
            email: user.email,
          }),
        );
        toasts.addSuccessToast(MESSAGES.reportCreated);
      }
      onSaved();
    } catch (e) {
      const server = e instanceof ApiError ? serverErrors(e.body) : null;
      const next: Errors = {};
      const rest: string[] = [];
      for (const [field, text] of Object.entries(server?.fields ?? {})) {
        const mapped = SERVER_TO_SIMPLE[field];
        if (mapped) next[mapped] = text;
        else rest.push(text);
      }
      if (server?.general) rest.push(server.general);
      if (!server) rest.push(errorMessage(e));
      if (rest.length > 0) next.general = rest.join(' ');
      setErrors(next);
    } finally {
      setSaving(false);
    }
  };

  const status = (field: SimpleReportField) => (errors[field] ? ('error' as const) : undefined);
  const title = editing ? 'Edit email report' : 'Schedule a new email report';
  return (
    <Modal
      open
      centered
      width={520}
      destroyOnHidden
      onCancel={onClose}
      title={
        <Flex align="center" gap={8}>
          <CalendarOutlined />
          <span>{title}</span>
        </Flex>
      }
      styles={{ body: { maxHeight: 'calc(100vh - 200px)', overflowY: 'auto' } }}
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={onClose}>Cancel</Button>
          <Button
            type="primary"
            loading={saving}
            disabled={!value || !value.name.trim()}
            onClick={() => void save()}
            data-test="report-modal-save"
          >
            {editing ? 'Save' : 'Add'}
          </Button>
        </Flex>
      }
    >
      {errors.general || errors.email ? (
        <Alert
          type="error"
          showIcon
          title={editing ? 'Failed to update report' : 'Failed to create report'}
          description={[errors.email, errors.general].filter(Boolean).join(' ')}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      {!value ? (
        errors.general ? null : (
          <Skeleton active paragraph={{ rows: 6 }} />
        )
      ) : (
        <Form layout="vertical" component="div">
          <Form.Item
            label="Report name"
            htmlFor="simple-report-name"
            required
            validateStatus={status('name')}
            help={errors.name}
          >
            <Input
              id="simple-report-name"
              value={value.name}
              onChange={(e) => change({ name: e.target.value })}
            />
          </Form.Item>
          <Form.Item label="Description" htmlFor="simple-report-description">
            <Input
              id="simple-report-description"
              value={value.description}
              placeholder="Include a description that will be sent with your report"
              onChange={(e) => change({ description: e.target.value })}
            />
          </Form.Item>
          <Typography.Title level={5} style={{ marginTop: 8 }}>
            Schedule
          </Typography.Title>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
            The report will be sent to your email{user?.email ? ` (${user.email})` : ''} at
          </Typography.Paragraph>
          <SchedulePicker
            id="simple-report-crontab"
            value={value.crontab}
            onChange={(crontab) => change({ crontab })}
            error={errors.crontab}
          />
          <Form.Item
            label="Time zone"
            htmlFor="simple-report-timezone"
            required
            validateStatus={status('timezone')}
            help={errors.timezone}
          >
            <TimezoneSelect
              id="simple-report-timezone"
              value={value.timezone}
              status={status('timezone')}
              onChange={(timezone) => change({ timezone })}
            />
          </Form.Item>
          {kind === 'chart' ? (
            <Form.Item label="Message content" htmlFor="simple-report-format">
              <Radio.Group
                id="simple-report-format"
                value={value.format}
                onChange={(e) => change({ format: e.target.value as SimpleReport['format'] })}
                style={{ display: 'flex', flexDirection: 'column', gap: 6 }}
                options={simpleReportFormats(kind)}
              />
            </Form.Item>
          ) : null}
          {isScreenshotFormat(value.format) ? (
            <Form.Item
              label="Screenshot width"
              htmlFor="simple-report-width"
              validateStatus={status('customWidth')}
              help={errors.customWidth}
              style={{ marginBottom: 0 }}
            >
              <WidthInput
                id="simple-report-width"
                value={value.customWidth}
                onChange={(w) => change({ customWidth: w })}
              />
            </Form.Item>
          ) : null}
        </Form>
      )}
    </Modal>
  );
}
