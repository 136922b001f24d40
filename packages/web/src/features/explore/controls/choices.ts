/** Select options from a control's `choices` ([value, label] pairs or plain values). */
export function optionsOf(choices: unknown): Array<{ value: string | number; label: string }> {
  if (!Array.isArray(choices)) return [];
  return choices.map((c: unknown) => {
    if (Array.isArray(c)) return { value: c[0] as string | number, label: String(c[1] ?? c[0]) };
    return { value: c as string | number, label: String(c) };
  });
}

/** A free-form text entry as the control's value: numbers for numeric choices. */
export function freeFormValue(text: string, numeric: boolean): string | number {
  if (numeric && /^[-+]?\d+(\.\d+)?$/.test(text.trim())) return Number(text.trim());
  return text;
}
