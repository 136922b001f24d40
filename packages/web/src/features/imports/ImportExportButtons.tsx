import { Suspense, lazy, useState } from 'react';
import { Button, Tooltip } from 'antd';
import { ExportOutlined, ImportOutlined, LoadingOutlined } from '@ant-design/icons';
import { errorMessage, isAbortError } from '../../app/api';
import { useCurrentUser } from '../../app/BootstrapContext';
import { useToasts } from '../../app/toasts';
import { RowActionButton } from '../../components/ListView';
import type { ListViewContext } from '../../components/ListView';
import { downloadExport } from './downloadExport';
import { canExport } from './exportFile';
import { IMPORT_TEXTS } from './importErrors';
import type { ImportResource } from './importErrors';

const ImportModal = lazy(() => import('./ImportModal'));

/** The list's "Import" button and its dialog (loaded when first opened). */
export function ImportButton({
  resource,
  onImported,
}: {
  resource: ImportResource;
  /** After a successful import: the list reloads. */
  onImported: () => void;
}) {
  const texts = IMPORT_TEXTS[resource];
  const [dialog, setDialog] = useState({ open: false, key: 0 });
  const close = () => setDialog((d) => ({ ...d, open: false }));
  return (
    <>
      <Tooltip title={texts.buttonLabel}>
        <Button
          icon={<ImportOutlined />}
          aria-label={texts.buttonLabel}
          data-test={`import-${resource}`}
          onClick={() => setDialog((d) => ({ open: true, key: d.key + 1 }))}
        >
          Import
        </Button>
      </Tooltip>
      {dialog.key > 0 ? (
        <Suspense fallback={null}>
          <ImportModal
            key={dialog.key}
            resource={resource}
            open={dialog.open}
            onClose={close}
            onImported={() => {
              close();
              onImported();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * ListView `headerActions` part: the Import button for those who may write the resource (the
 * same `can_write` as the list's "+" button); the list reloads after an import.
 */
export function importButton(resource: ImportResource) {
  return ({ canWrite, refresh }: ListViewContext) =>
    canWrite ? <ImportButton resource={resource} onImported={refresh} /> : null;
}

/** Whether the current user may export the resource (`can_export` on its view). */
export function useCanExport(resource: ImportResource): boolean {
  return canExport(useCurrentUser(), resource);
}

/** Downloads the bundle of some items; busy while it does, failures as a toast. */
function useExport(resource: ImportResource, ids: Array<number | string>) {
  const { addDangerToast } = useToasts();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    if (busy || ids.length === 0) return;
    setBusy(true);
    try {
      await downloadExport(resource, ids);
    } catch (e) {
      if (!isAbortError(e)) addDangerToast(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

/** The "Export" action of a list row: downloads the item's bundle. */
export function ExportRowButton({
  resource,
  ids,
}: {
  resource: ImportResource;
  ids: Array<number | string>;
}) {
  const { busy, run } = useExport(resource, ids);
  return (
    <RowActionButton
      title="Export"
      icon={busy ? <LoadingOutlined /> : <ExportOutlined />}
      onClick={() => void run()}
    />
  );
}

/**
 * ListView `rowActions` of the Export action alone, made once per page module (stable), e.g.
 * `rowActions={canExport ? EXPORT_DASHBOARD : undefined}`.
 */
export function exportRowAction(resource: ImportResource) {
  return (row: { id: number | string }) => <ExportRowButton resource={resource} ids={[row.id]} />;
}

/** "Export" on a list's bulk selection: one bundle of every selected item. */
export function ExportBulkButton({
  resource,
  ids,
}: {
  resource: ImportResource;
  ids: Array<number | string>;
}) {
  const { busy, run } = useExport(resource, ids);
  return (
    <Button
      size="small"
      icon={<ExportOutlined />}
      loading={busy}
      disabled={ids.length === 0}
      onClick={() => void run()}
      data-test="bulk-export"
    >
      Export
    </Button>
  );
}

/** ListView `bulkActions` of the Export action, made once per page module (stable). */
export function exportBulkAction(resource: ImportResource) {
  return (ids: Array<number | string>) => <ExportBulkButton resource={resource} ids={ids} />;
}
