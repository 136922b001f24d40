/**
 * The "…" menu entries of a chart (Explore) or dashboard header for its e-mail report (Superset's
 * HeaderReportDropdown): "Set up an email report" when the user has none for it, else "Manage
 * email report" with "Email reports active", "Edit email report" and "Delete email report".
 * Offered only to users who may write ReportSchedule.
 */
import { Suspense, lazy, useCallback, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { Checkbox } from 'antd';
import type { MenuProps } from 'antd';
import { MESSAGES, formatMessage } from '@strata/core';
import type { ReportListItem } from '@strata/core';
import { isAbortError } from '../../app/api';
import { useCurrentUser } from '../../app/BootstrapContext';
import { useToasts } from '../../app/toasts';
import { DeleteConfirmModal } from '../../components/DeleteConfirmModal';
import { canManageReports } from './access';
import type { TargetKind } from './reportList';
import { deleteReport, fetchTargetReport, setReportActive } from './reportsApi';

const ReportModal = lazy(() => import('./components/ReportModal'));

type MenuItem = NonNullable<MenuProps['items']>[number];

export const REPORT_MENU_KEYS = {
  setUp: 'report-set-up',
  manage: 'report-manage',
  toggle: 'report-toggle',
  edit: 'report-edit',
  delete: 'report-delete',
} as const;

/** Superset's text for a failed fetch outside dashboards (the spec names the dashboard's). */
const FETCH_ERROR = 'There was an issue fetching reports.';

export interface HeaderReport {
  /** The menu entries (none when the user may not set up reports). */
  items: MenuItem[];
  /** Handles a menu key; true when it was one of these entries. */
  onMenuClick: (key: string) => boolean;
  /** The modal and the delete confirmation; render it once beside the menu. */
  element: ReactNode;
}

export function useHeaderReport(options: {
  kind: TargetKind;
  /** The chart or dashboard id; null while unknown (an unsaved chart). */
  targetId: number | null;
  targetName?: string | null;
  vizType?: string | null;
}): HeaderReport {
  const { kind, targetId, targetName, vizType } = options;
  const user = useCurrentUser();
  const toasts = useToasts();
  const allowed = canManageReports(user) && user !== null && targetId !== null;
  const userId = user?.userId ?? null;
  const [report, setReport] = useState<ReportListItem | null>(null);
  const [reloads, setReloads] = useState(0);
  const [modalOpen, setModalOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const reload = useCallback(() => setReloads((n) => n + 1), []);

  useEffect(() => {
    if (!allowed || targetId === null || userId === null) return undefined;
    const controller = new AbortController();
    fetchTargetReport(kind, targetId, userId, controller.signal)
      .then(setReport)
      .catch((e: unknown) => {
        if (isAbortError(e)) return;
        setReport(null);
        toasts.addDangerToast(kind === 'dashboard' ? MESSAGES.reportsFetchError : FETCH_ERROR);
      });
    return () => controller.abort();
  }, [allowed, kind, targetId, userId, reloads, toasts]);

  const toggle = async (current: ReportListItem) => {
    setReport({ ...current, active: !current.active });
    try {
      await setReportActive(current.id, !current.active);
    } catch {
      toasts.addDangerToast(MESSAGES.reportToggleError);
    }
    reload();
  };

  const remove = async () => {
    if (!report) return;
    try {
      await deleteReport(report.id);
      toasts.addSuccessToast(formatMessage(MESSAGES.deleted, report.name));
      setReport(null);
    } catch {
      toasts.addDangerToast(MESSAGES.reportDeleteError);
    } finally {
      setDeleting(false);
      reload();
    }
  };

  let items: MenuItem[] = [];
  if (allowed) {
    items = report
      ? [
          {
            key: REPORT_MENU_KEYS.manage,
            label: 'Manage email report',
            children: [
              {
                key: REPORT_MENU_KEYS.toggle,
                label: (
                  <span data-test="report-active-toggle">
                    <Checkbox checked={report.active} style={{ marginRight: 8 }} tabIndex={-1} />
                    Email reports active
                  </span>
                ),
              },
              { key: REPORT_MENU_KEYS.edit, label: 'Edit email report' },
              { key: REPORT_MENU_KEYS.delete, label: 'Delete email report', danger: true },
            ],
          },
        ]
      : [{ key: REPORT_MENU_KEYS.setUp, label: 'Set up an email report' }];
  }

  const onMenuClick = (key: string): boolean => {
    switch (key) {
      case REPORT_MENU_KEYS.setUp:
      case REPORT_MENU_KEYS.edit:
        setModalOpen(true);
        return true;
      case REPORT_MENU_KEYS.toggle:
        if (report) void toggle(report);
        return true;
      case REPORT_MENU_KEYS.delete:
        if (report) setDeleting(true);
        return true;
      default:
        return false;
    }
  };

  const element =
    allowed && targetId !== null ? (
      <>
        {modalOpen ? (
          <Suspense fallback={null}>
            <ReportModal
              kind={kind}
              targetId={targetId}
              targetName={targetName}
              vizType={vizType}
              report={report}
              onClose={() => setModalOpen(false)}
              onSaved={() => {
                setModalOpen(false);
                reload();
              }}
            />
          </Suspense>
        ) : null}
        <DeleteConfirmModal
          open={deleting && report !== null}
          title="Delete email report?"
          description={`This action will permanently delete ${report?.name ?? ''}.`}
          onConfirm={remove}
          onCancel={() => setDeleting(false)}
        />
      </>
    ) : null;

  return { items, onMenuClick, element };
}
