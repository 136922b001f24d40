/** Superset's ADVANCED_DATA_TYPES: the types by name, in the order `/types` lists them. */
import { ADVANCED_DATA_TYPE_NAMES, type AdvancedDataTypeName } from '@strata/core';
import { internetAddress } from './internet-address.js';
import { port } from './port.js';
import type { AdvancedDataType } from './types.js';

export const ADVANCED_DATA_TYPES: Readonly<Record<AdvancedDataTypeName, AdvancedDataType>> = {
  internet_address: internetAddress,
  port,
};

/** The type of that name, or null (never an inherited property of the object). */
export function advancedDataType(name: string | null | undefined): AdvancedDataType | null {
  if (!name || !(ADVANCED_DATA_TYPE_NAMES as readonly string[]).includes(name)) return null;
  return ADVANCED_DATA_TYPES[name as AdvancedDataTypeName];
}

export type AdvancedDataTypeLookup = (name: string | null | undefined) => AdvancedDataType | null;
