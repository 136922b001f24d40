import { oneDark } from '@codemirror/theme-one-dark';
import type { Extension } from '@codemirror/state';
import { useColorScheme } from '../../app/theme/themeSetting';

/**
 * The `theme` of every CodeMirror editor (SQL Lab, the small code and SQL editors): One Dark's
 * syntax colours in the dark theme, the library's light theme otherwise. Each editor's own
 * antd-token theme gives the surfaces.
 */
export function useCodeMirrorTheme(): 'light' | Extension {
  return useColorScheme() === 'dark' ? oneDark : 'light';
}
