import { Button, Popover, Typography } from 'antd';
import Icon from '@ant-design/icons';
import { KEYBOARD_SHORTCUTS } from './shortcuts';
import type { KeyboardShortcut } from './shortcuts';

export interface KeyboardShortcutsButtonProps {
  /** Added: the shortcuts to list (default: the SQL editor's). */
  shortcuts?: KeyboardShortcut[];
}

/** A keyboard outline (antd has no keyboard icon). */
function KeyboardSvg() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      aria-hidden
    >
      <rect x="2.5" y="6" width="19" height="12" rx="2" />
      <path d="M6 10h1M9.5 10h1M13 10h1M16.5 10h1.5M6 14h1M9 14h6M17 14h1" strokeLinecap="round" />
    </svg>
  );
}

function ShortcutList({ shortcuts }: { shortcuts: KeyboardShortcut[] }) {
  return (
    <table style={{ borderCollapse: 'collapse' }}>
      <tbody>
        {shortcuts.map((s) => (
          <tr key={s.keys}>
            <td style={{ padding: '3px 16px 3px 0', whiteSpace: 'nowrap', verticalAlign: 'top' }}>
              {s.keys.split(' / ').map((combo, i) => (
                <span key={combo}>
                  {i > 0 ? ' / ' : null}
                  {combo.split(' + ').map((key, k) => (
                    <span key={k}>
                      {k > 0 ? ' + ' : null}
                      <Typography.Text keyboard>{key}</Typography.Text>
                    </span>
                  ))}
                </span>
              ))}
            </td>
            <td style={{ padding: '3px 0' }}>{s.description}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A button showing the editor's keyboard shortcuts in a popover. */
export function KeyboardShortcutsButton({
  shortcuts = KEYBOARD_SHORTCUTS,
}: KeyboardShortcutsButtonProps) {
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      title="Keyboard shortcuts"
      content={<ShortcutList shortcuts={shortcuts} />}
    >
      <Button type="text" icon={<Icon component={KeyboardSvg} />} aria-label="Keyboard shortcuts">
        Shortcuts
      </Button>
    </Popover>
  );
}
