import rison from 'rison';

/** A value that rison can carry. */
export type RisonValue =
  string | number | boolean | null | RisonValue[] | { [key: string]: RisonValue };

/** Encodes a value as rison text (the `q` parameter of list calls). */
export function risonEncode(value: RisonValue): string {
  return rison.encode(value);
}

/** Decodes rison text; throws an Error with a readable message when the text is not rison. */
export function risonDecode(text: string): RisonValue {
  try {
    return rison.decode(text) as RisonValue;
  } catch (e) {
    const reason = e instanceof Error ? e.message : String(e);
    throw new Error(`Not a valid rison value: ${reason}`, { cause: e });
  }
}
