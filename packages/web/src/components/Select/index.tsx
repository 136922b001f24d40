/**
 * The app's Select: antd's, plus what every multi-select of the app does (spec 000 §5): a
 * pasted list (commas, newlines, tabs, semicolons) becomes values, without duplicates. In
 * `tags` mode every piece is taken; in `multiple` mode only pieces naming an option. A paste
 * without a separator is typed into the search box as usual.
 */
import type { ClipboardEvent } from 'react';
import { Select as AntSelect, type SelectProps } from 'antd';
import { isMultiValuePaste, mergePastedValues, type PasteOption } from './pasteValues';

export { isMultiValuePaste, mergePastedValues, splitPastedValues } from './pasteValues';

interface OptionLike {
  value?: unknown;
  label?: unknown;
  options?: OptionLike[];
}

/** Options and the options of groups, flattened, as the paste merge reads them. */
function flatOptions(options: readonly OptionLike[]): PasteOption[] {
  return options.flatMap((o) =>
    Array.isArray(o.options)
      ? flatOptions(o.options)
      : [{ value: o.value as PasteOption['value'], label: o.label }],
  );
}

export function Select<V = unknown, O extends OptionLike = OptionLike>(props: SelectProps<V, O>) {
  const multi = props.mode === 'multiple' || props.mode === 'tags';
  // Without `options` (children) or with labelled values, antd's own behaviour stands.
  if (!multi || props.labelInValue || (props.mode === 'multiple' && !props.options))
    return <AntSelect<V, O> {...props} />;
  const onPasteCapture = (e: ClipboardEvent<HTMLElement>) => {
    const text = e.clipboardData.getData('text');
    if (!isMultiValuePaste(text) || props.disabled) return;
    e.preventDefault();
    e.stopPropagation();
    const current: unknown[] = Array.isArray(props.value) ? (props.value as unknown[]) : [];
    const next = mergePastedValues<unknown>(
      current,
      text,
      props.mode === 'tags' ? undefined : flatOptions(props.options ?? []),
    );
    if (next.length === current.length) return;
    const chosen = flatOptions(props.options ?? []);
    props.onChange?.(
      next as V,
      next.map((v) => chosen.find((o) => o.value === v) ?? { value: v, label: String(v) }) as O[],
    );
  };
  return (
    <span style={{ display: 'contents' }} onPasteCapture={onPasteCapture}>
      <AntSelect<V, O> {...props} />
    </span>
  );
}
