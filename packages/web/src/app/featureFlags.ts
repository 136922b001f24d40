/**
 * The web's reading of feature flags (spec 001 §6): what the server put in the page's bootstrap
 * data. A flag it did not send is off, and "Failed to query feature flag <name>" is logged, once
 * per flag and page.
 */
import { isFeatureEnabled, type FeatureFlagName } from '@strata/core';
import { useBootstrap } from './BootstrapContext';

const reported = new Set<string>();

function logMissing(flag: string, message: string): void {
  if (reported.has(flag)) return;
  reported.add(flag);
  console.error(message);
}

/** Whether `flag` is on in these flags (off, and logged, when absent). */
export function featureEnabled(
  flags: Readonly<Record<string, boolean>> | null | undefined,
  flag: FeatureFlagName,
): boolean {
  return isFeatureEnabled(flags, flag, (message) => logMissing(flag, message));
}

/** Whether `flag` is on for this page. */
export function useFeatureFlag(flag: FeatureFlagName): boolean {
  return featureEnabled(useBootstrap().common.feature_flags, flag);
}
