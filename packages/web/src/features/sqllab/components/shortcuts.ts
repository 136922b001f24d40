/**
 * SQL Lab's keyboard shortcuts: the key names the editor binds and the list people read (kept
 * apart from the editor so the shortcuts popover does not load CodeMirror).
 */

export type ShortcutAction = 'run' | 'estimate' | 'stop' | 'format' | 'save' | 'newTab';

/** The editor's own shortcuts as CodeMirror key names. */
export const SHORTCUT_KEYS: Record<ShortcutAction, string> = {
  run: 'Mod-Enter',
  estimate: 'Mod-Shift-Enter',
  stop: 'Ctrl-e',
  format: 'Mod-Shift-f',
  save: 'Mod-s',
  newTab: 'Ctrl-Alt-t',
};

export interface KeyboardShortcut {
  keys: string;
  description: string;
}

/** The shortcuts as people read them, for the shortcuts popover. */
export function keyboardShortcuts(mac: boolean): KeyboardShortcut[] {
  const mod = mac ? '⌘' : 'Ctrl';
  const alt = mac ? '⌥' : 'Alt';
  return [
    { keys: `${mod} + Enter`, description: 'Run the query (the selection, when text is selected)' },
    { keys: `${mod} + Shift + Enter`, description: 'Estimate the cost of the query' },
    { keys: 'Ctrl + E', description: 'Stop the running query' },
    { keys: `${mod} + Shift + F`, description: 'Format the SQL' },
    { keys: `${mod} + S`, description: 'Save the query' },
    { keys: `Ctrl + ${alt} + T`, description: 'New tab' },
    { keys: mac ? `Ctrl + Space / ${alt} + \`` : 'Ctrl + Space', description: 'Show completions' },
    { keys: `${mod} + /`, description: 'Comment or uncomment the lines' },
    { keys: `${mod} + F`, description: 'Find and replace' },
    { keys: `${mod} + Z / ${mod} + Shift + Z`, description: 'Undo / redo' },
    { keys: `${alt} + ↑ / ${alt} + ↓`, description: 'Move the lines up or down' },
  ];
}

/** True on Apple platforms (⌘ instead of Ctrl). */
export function isMacPlatform(nav: { platform?: string; userAgent?: string } | undefined): boolean {
  if (!nav) return false;
  return /Mac|iPhone|iPad|iPod/i.test(nav.platform || nav.userAgent || '');
}

/** The shortcuts for this platform. */
export const KEYBOARD_SHORTCUTS: KeyboardShortcut[] = keyboardShortcuts(
  isMacPlatform(typeof navigator === 'undefined' ? undefined : navigator),
);
