import { useId, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { Alert, Button, Flex, Form, Input, Modal, Space, Typography, Upload } from 'antd';
import type { UploadFile } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { MESSAGES } from '@strata/core';
import { ApiError, api, errorMessage } from '../../app/api';
import { useToasts } from '../../app/toasts';
import {
  IMPORT_ACCEPT,
  IMPORT_TEXTS,
  OVERWRITE_PROMPT,
  importFileProblem,
  importFormData,
  importProblems,
  importUrl,
  isOverwriteConfirmed,
} from './importErrors';
import type { ImportProblems, ImportResource } from './importErrors';

export interface ImportModalProps {
  resource: ImportResource;
  open: boolean;
  onClose: () => void;
  /** Called after a successful import (the toast is shown here). */
  onImported: () => void;
}

/**
 * Superset's import dialog: a bundle (.zip) chosen, then Import; a refused import asks for the
 * database passwords the bundle lacks and for "OVERWRITE" to be typed before replacing what
 * already exists, then is sent again; a fatal error is shown with the spec's hint. Mount it
 * fresh per opening.
 */
export default function ImportModal({ resource, open, onClose, onImported }: ImportModalProps) {
  const texts = IMPORT_TEXTS[resource];
  const { addSuccessToast } = useToasts();
  const idPrefix = useId();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [passwords, setPasswords] = useState<Record<string, string>>({});
  const [problems, setProblems] = useState<ImportProblems | null>(null);
  const [confirmText, setConfirmText] = useState('');
  const [importing, setImporting] = useState(false);

  const passwordFiles = problems?.passwordsNeeded ?? [];
  const needsOverwrite = (problems?.alreadyExists.length ?? 0) > 0;
  const confirmed = needsOverwrite && isOverwriteConfirmed(confirmText);
  const ready = file !== null && fileError === null && !importing && (!needsOverwrite || confirmed);

  const reset = () => {
    setPasswords({});
    setProblems(null);
    setConfirmText('');
  };
  const pickFile = (picked: File) => {
    setFile(picked);
    setFileError(importFileProblem(picked.name));
    reset();
  };
  const removeFile = () => {
    setFile(null);
    setFileError(null);
    reset();
  };

  const submit = async () => {
    if (!ready || !file) return;
    setImporting(true);
    const shown = Object.fromEntries(passwordFiles.map((f) => [f, passwords[f] ?? '']));
    try {
      await api.postForm(
        importUrl(resource),
        importFormData(file, { overwrite: confirmed, passwords: shown }),
      );
      addSuccessToast(texts.imported);
      onImported();
    } catch (e) {
      const body = e instanceof ApiError ? e.body : null;
      const next = importProblems(resource, body, errorMessage(e));
      setProblems(next);
      // An overwrite confirmed stays confirmed while the server still asks for it.
      if (next.alreadyExists.length === 0) setConfirmText('');
    } finally {
      setImporting(false);
    }
  };

  const fileList: UploadFile[] = file
    ? [
        {
          uid: 'import-bundle',
          name: file.name,
          size: file.size,
          status: fileError ? 'error' : 'done',
          response: fileError ?? undefined,
        },
      ]
    : [];

  // Enter in a field sends the form when it may be sent.
  const onEnter = (e: KeyboardEvent) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    void submit();
  };

  const footer = (
    <Space>
      <Button onClick={onClose}>Cancel</Button>
      <Button
        type="primary"
        danger={needsOverwrite}
        loading={importing}
        disabled={!ready}
        onClick={() => void submit()}
        data-test="import-submit"
      >
        {needsOverwrite ? 'Overwrite' : 'Import'}
      </Button>
    </Space>
  );

  return (
    <Modal
      open={open}
      title={texts.title}
      width={640}
      onCancel={onClose}
      footer={footer}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Form layout="vertical" component="div" requiredMark>
        <Form.Item
          label="File"
          required
          validateStatus={fileError ? 'error' : undefined}
          help={fileError ?? undefined}
        >
          <Upload.Dragger
            accept={IMPORT_ACCEPT}
            multiple={false}
            maxCount={1}
            fileList={fileList}
            disabled={importing}
            beforeUpload={(picked) => {
              pickFile(picked);
              return false;
            }}
            onRemove={() => {
              removeFile();
              return true;
            }}
            data-test="import-file-input"
          >
            <Flex vertical align="center" gap={2} style={{ padding: '4px 12px' }}>
              <InboxOutlined style={{ fontSize: 28, color: '#1f7a8c' }} />
              <Typography.Text>Click or drag a file here</Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                An export bundle ({IMPORT_ACCEPT})
              </Typography.Text>
            </Flex>
          </Upload.Dragger>
        </Form.Item>

        {problems?.fatal ? (
          <Alert
            type="error"
            showIcon
            role="alert"
            style={{ marginBottom: 16, whiteSpace: 'pre-line' }}
            title={problems.fatal}
            description={
              <>
                {problems.details.length > 0 ? (
                  <ul style={{ margin: '4px 0', paddingInlineStart: 18 }}>
                    {problems.details.map((d) => (
                      <li key={d}>{d}</li>
                    ))}
                  </ul>
                ) : null}
                <div>{MESSAGES.importHint}</div>
              </>
            }
          />
        ) : null}

        {passwordFiles.length > 0 ? (
          <section aria-labelledby={`${idPrefix}-passwords`} data-test="import-passwords">
            <Typography.Title level={5} id={`${idPrefix}-passwords`} style={{ marginTop: 0 }}>
              Database passwords
            </Typography.Title>
            <Typography.Paragraph type="secondary">{texts.passwordsNeeded}</Typography.Paragraph>
            {passwordFiles.map((fileName, i) => (
              <Form.Item
                key={fileName}
                label={fileName}
                htmlFor={`${idPrefix}-password-${i}`}
                required
              >
                <Input.Password
                  id={`${idPrefix}-password-${i}`}
                  name={`password-${fileName}`}
                  autoComplete="new-password"
                  autoFocus={i === 0}
                  disabled={importing}
                  value={passwords[fileName] ?? ''}
                  onChange={(e) => setPasswords((p) => ({ ...p, [fileName]: e.target.value }))}
                  onKeyDown={onEnter}
                />
              </Form.Item>
            ))}
          </section>
        ) : null}

        {problems && problems.sshNeeded.length > 0 ? (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            title={problems.sshNeeded.map((s) => `${s.file}: ${s.message}`).join('\n')}
          />
        ) : null}

        {needsOverwrite ? (
          <section data-test="import-overwrite">
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 12 }}
              title={texts.overwriteWarning}
            />
            <Form.Item label={OVERWRITE_PROMPT} htmlFor={`${idPrefix}-overwrite`} required>
              <Input
                id={`${idPrefix}-overwrite`}
                data-test="overwrite-modal-input"
                autoComplete="off"
                autoFocus={passwordFiles.length === 0}
                disabled={importing}
                value={confirmText}
                onChange={(e) => setConfirmText(e.target.value)}
                onKeyDown={onEnter}
              />
            </Form.Item>
          </section>
        ) : null}
      </Form>
    </Modal>
  );
}
