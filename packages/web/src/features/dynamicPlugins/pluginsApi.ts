import type { DynamicPluginRow } from '@strata/core';

/** `/api/v1/dynamic_plugin/`. */
export const DYNAMIC_PLUGINS_RESOURCE = 'dynamic_plugin';

export type PluginRow = DynamicPluginRow & { changed_on_delta_humanized?: string };
