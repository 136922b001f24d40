import rison from 'rison';
import { decodeRison, type RisonValue } from './rison-decode.js';

export { MAX_RISON_DEPTH, MAX_RISON_LENGTH, RisonError, type RisonValue } from './rison-decode.js';

/** Encodes a value as rison text (the `q` parameter of list calls). */
export function risonEncode(value: RisonValue): string {
  return rison.encode(value);
}

/**
 * Decodes rison text; throws a `RisonError` with a readable message of our own when the text is
 * not rison, is too long or nests too deep (see `rison-decode.ts`).
 */
export function risonDecode(text: string): RisonValue {
  return decodeRison(text);
}
