/**
 * Who may set up e-mail reports from chart and dashboard menus (kept apart from the form logic
 * so the Explore and dashboard pages load no more than this).
 */
import { isAdminUser, userHasPermission } from '@strata/core';
import type { BootstrapUser } from '@strata/core';

/** Admins and roles with ReportSchedule can_write. */
export function canManageReports(user: Pick<BootstrapUser, 'roles'> | null): boolean {
  return isAdminUser(user) || userHasPermission(user, 'can_write', 'ReportSchedule');
}
