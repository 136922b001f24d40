import { EditorView } from '@codemirror/view';
import type { Extension } from '@codemirror/state';
import type { GlobalToken } from 'antd';

export const MONOSPACE =
  "ui-monospace, SFMono-Regular, 'SF Mono', Menlo, Consolas, 'Liberation Mono', monospace";

/**
 * The completion list's look shared by every CodeMirror editor of the app (SQL Lab's and the
 * small ones): an antd-like popup, plain letters for icons (CodeMirror's default icons are
 * emoji many systems lack), the selected item in the primary colour, details to the right.
 * Each editor adds the letters of its own completion kinds.
 */
export function completionListStyles(
  token: GlobalToken,
  list: Record<string, string>,
): Record<string, Record<string, string>> {
  return {
    '.cm-tooltip': {
      border: `1px solid ${token.colorBorderSecondary}`,
      borderRadius: `${token.borderRadiusSM}px`,
      boxShadow: token.boxShadowSecondary,
      backgroundColor: token.colorBgElevated,
    },
    '.cm-tooltip.cm-tooltip-autocomplete > ul': { fontFamily: MONOSPACE, ...list },
    '.cm-tooltip.cm-tooltip-autocomplete > ul > li': { padding: '2px 8px 2px 4px' },
    '.cm-completionIcon': { fontFamily: MONOSPACE, opacity: '0.7', width: '1.2em' },
    '.cm-completionIcon-keyword:after': { content: '"k"' },
    '.cm-completionIcon-function:after, .cm-completionIcon-method:after': { content: '"ƒ"' },
    '.cm-completionIcon-text:after': { content: '"·"' },
    '.cm-tooltip-autocomplete ul li[aria-selected]': {
      backgroundColor: token.colorPrimary,
      color: token.colorTextLightSolid,
    },
    '.cm-completionDetail': {
      fontStyle: 'normal',
      marginLeft: '1.5em',
      color: token.colorTextTertiary,
      float: 'right',
    },
    '.cm-tooltip-autocomplete ul li[aria-selected] .cm-completionDetail': {
      color: token.colorTextLightSolid,
    },
  };
}

/** The small editors' look (popover SQL, code controls), from antd's tokens. */
export function smallEditorTheme(token: GlobalToken): Extension {
  return EditorView.theme({
    '&': { fontSize: '12px', backgroundColor: token.colorBgContainer, height: '100%' },
    '&.cm-focused': { outline: 'none' },
    '.cm-scroller': { fontFamily: MONOSPACE, lineHeight: '1.5' },
    '.cm-content': { padding: '4px 0' },
    '.cm-gutters': {
      backgroundColor: token.colorFillQuaternary,
      borderRight: `1px solid ${token.colorBorderSecondary}`,
      color: token.colorTextTertiary,
    },
    '.cm-activeLine': { backgroundColor: 'transparent' },
    '&.cm-focused .cm-activeLine': { backgroundColor: 'rgba(31, 122, 140, 0.05)' },
    '.cm-placeholder': { color: token.colorTextPlaceholder },
    ...completionListStyles(token, { maxHeight: '14em', minWidth: '220px' }),
    // Columns, metrics and types of the small editors' completions.
    '.cm-completionIcon-property:after': { content: '"c"' },
    '.cm-completionIcon-variable:after': { content: '"m"' },
    '.cm-completionIcon-type:after': { content: '"t"' },
  });
}
