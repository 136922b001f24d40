import type { ReactNode } from 'react';
import {
  Checkbox,
  Col,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Typography,
} from 'antd';
import { MESSAGES } from '@strata/core';
import { settingsError } from './datasetEdit';
import type { DatasetDetail, DatasetSettings, EditError } from './datasetEdit';
import { OwnersSelect } from './OwnersSelect';

export const MONOSPACE = {
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: 13,
};

function Field({
  id,
  label,
  help,
  error,
  children,
}: {
  id: string;
  label: string;
  help?: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <Form.Item
      label={<label htmlFor={id}>{label}</label>}
      extra={help}
      validateStatus={error ? 'error' : undefined}
      help={error}
    >
      {children}
    </Form.Item>
  );
}

/** Settings of a dataset: basic on the left, advanced on the right. */
export function SettingsTab({
  dataset,
  settings,
  virtual,
  temporalColumns,
  errors,
  onChange,
}: {
  dataset: DatasetDetail;
  settings: DatasetSettings;
  virtual: boolean;
  temporalColumns: string[];
  errors: EditError[];
  onChange: (patch: Partial<DatasetSettings>) => void;
}) {
  const dttmOptions = [...temporalColumns];
  if (settings.main_dttm_col && !dttmOptions.includes(settings.main_dttm_col)) {
    dttmOptions.push(settings.main_dttm_col);
  }
  return (
    <Form layout="vertical" component="div">
      {virtual ? (
        <>
          <Field
            id="ds-table_name"
            label="Dataset name"
            error={settingsError(errors, 'table_name')}
          >
            <Input
              id="ds-table_name"
              value={settings.table_name}
              onChange={(e) => onChange({ table_name: e.target.value })}
            />
          </Field>
          <Field id="ds-sql" label="SQL" error={settingsError(errors, 'sql')}>
            <Input.TextArea
              id="ds-sql"
              value={settings.sql}
              autoSize={{ minRows: 6, maxRows: 18 }}
              spellCheck={false}
              style={MONOSPACE}
              onChange={(e) => onChange({ sql: e.target.value })}
            />
          </Field>
        </>
      ) : (
        <Descriptions
          size="small"
          column={3}
          style={{ marginBottom: 16 }}
          items={[
            { key: 'db', label: 'Database', children: dataset.database?.database_name ?? '–' },
            { key: 'schema', label: 'Schema', children: dataset.schema ?? '–' },
            { key: 'table', label: 'Table', children: dataset.table_name },
          ]}
        />
      )}
      <Row gutter={32}>
        <Col xs={24} lg={12}>
          <Typography.Title level={5}>Basic</Typography.Title>
          <Field id="ds-description" label="Description">
            <Input.TextArea
              id="ds-description"
              value={settings.description}
              autoSize={{ minRows: 2, maxRows: 6 }}
              onChange={(e) => onChange({ description: e.target.value })}
            />
          </Field>
          <Field
            id="ds-default_endpoint"
            label="Default URL"
            help="The URL to open when the dataset is opened from the dataset list."
          >
            <Input
              id="ds-default_endpoint"
              value={settings.default_endpoint}
              onChange={(e) => onChange({ default_endpoint: e.target.value })}
            />
          </Field>
          <Field
            id="ds-main_dttm_col"
            label="Default datetime"
            help="The temporal column used by default for time filters."
          >
            <Select<string>
              id="ds-main_dttm_col"
              allowClear
              placeholder="Select a temporal column"
              value={settings.main_dttm_col ?? undefined}
              options={dttmOptions.map((c) => ({ value: c, label: c }))}
              notFoundContent={MESSAGES.noTemporalColumns}
              onChange={(value) => onChange({ main_dttm_col: value ?? null })}
            />
          </Field>
          <Field id="ds-owners" label="Owners">
            <OwnersSelect
              id="ds-owners"
              resource="dataset"
              value={settings.owners}
              onChange={(owners) => onChange({ owners })}
            />
          </Field>
          <Field
            id="ds-certified_by"
            label="Certified by"
            help="Person or group that certified this dataset."
          >
            <Input
              id="ds-certified_by"
              value={settings.certified_by}
              onChange={(e) => onChange({ certified_by: e.target.value })}
            />
          </Field>
          <Field id="ds-certification_details" label="Certification details">
            <Input
              id="ds-certification_details"
              value={settings.certification_details}
              disabled={settings.certified_by.trim() === ''}
              onChange={(e) => onChange({ certification_details: e.target.value })}
            />
          </Field>
          <Field
            id="ds-warning"
            label="Warning"
            help="Markdown shown as a warning beside the dataset."
          >
            <Input.TextArea
              id="ds-warning"
              value={settings.warning_markdown}
              autoSize={{ minRows: 2, maxRows: 6 }}
              onChange={(e) => onChange({ warning_markdown: e.target.value })}
            />
          </Field>
        </Col>
        <Col xs={24} lg={12}>
          <Typography.Title level={5}>Advanced</Typography.Title>
          <Form.Item>
            <Checkbox
              checked={settings.filter_select_enabled}
              onChange={(e) => onChange({ filter_select_enabled: e.target.checked })}
            >
              Autocomplete filters
            </Checkbox>
          </Form.Item>
          <Field
            id="ds-fetch_values_predicate"
            label="Fetch values predicate"
            help="A WHERE clause applied when the distinct values of a column are fetched for filters."
          >
            <Input.TextArea
              id="ds-fetch_values_predicate"
              value={settings.fetch_values_predicate}
              autoSize={{ minRows: 1, maxRows: 4 }}
              spellCheck={false}
              style={MONOSPACE}
              onChange={(e) => onChange({ fetch_values_predicate: e.target.value })}
            />
          </Field>
          <Row gutter={16}>
            <Col span={12}>
              <Field
                id="ds-cache_timeout"
                label="Cache timeout"
                help="Seconds; empty uses the database's timeout."
              >
                <InputNumber
                  id="ds-cache_timeout"
                  min={-1}
                  precision={0}
                  style={{ width: '100%' }}
                  value={settings.cache_timeout}
                  onChange={(value) => onChange({ cache_timeout: value ?? null })}
                />
              </Field>
            </Col>
            <Col span={12}>
              <Field id="ds-offset" label="Hours offset" help="Hours added to temporal columns.">
                <InputNumber
                  id="ds-offset"
                  precision={0}
                  style={{ width: '100%' }}
                  value={settings.offset}
                  onChange={(value) => onChange({ offset: value ?? null })}
                />
              </Field>
            </Col>
          </Row>
          <Field
            id="ds-template_params"
            label="Template parameters"
            help="JSON object of parameters for the dataset's Jinja templating."
            error={settingsError(errors, 'template_params')}
          >
            <Input.TextArea
              id="ds-template_params"
              value={settings.template_params}
              autoSize={{ minRows: 2, maxRows: 8 }}
              spellCheck={false}
              style={MONOSPACE}
              onChange={(e) => onChange({ template_params: e.target.value })}
            />
          </Field>
          <Field
            id="ds-extra"
            label="Extra"
            help="JSON object of extra metadata (the certification and warning above are added to it)."
            error={settingsError(errors, 'extra')}
          >
            <Input.TextArea
              id="ds-extra"
              value={settings.extra}
              autoSize={{ minRows: 3, maxRows: 10 }}
              spellCheck={false}
              style={MONOSPACE}
              onChange={(e) => onChange({ extra: e.target.value })}
            />
          </Field>
        </Col>
      </Row>
    </Form>
  );
}
