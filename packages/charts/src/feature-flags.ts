/**
 * The feature flags chart code reads (control panels, colour scales): set once by the page from
 * its bootstrap data, as Superset's plugins read `window.featureFlags`. Until set (tests, the
 * server), the product's defaults hold.
 */
import { DEFAULT_FEATURE_FLAGS, isFeatureEnabled, type FeatureFlagName } from '@strata/core';

let flags: Readonly<Record<string, boolean>> = DEFAULT_FEATURE_FLAGS;
const reported = new Set<string>();

/** Gives chart code the page's flags. */
export function setChartFeatureFlags(next: Readonly<Record<string, boolean>>): void {
  flags = next;
}

/** Whether a flag is on for chart code (a missing one is off, and logged once). */
export function chartFeatureEnabled(flag: FeatureFlagName): boolean {
  return isFeatureEnabled(flags, flag, (message) => {
    if (reported.has(flag)) return;
    reported.add(flag);
    console.error(message);
  });
}
