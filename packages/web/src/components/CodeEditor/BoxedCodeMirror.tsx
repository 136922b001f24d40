import CodeMirror, { type ReactCodeMirrorProps } from '@uiw/react-codemirror';
import { theme as antdTheme } from 'antd';

export interface BoxedCodeMirrorProps extends Omit<
  ReactCodeMirrorProps,
  'height' | 'minHeight' | 'style' | 'indentWithTab'
> {
  /** CSS height of the box (e.g. 200 or "60vh"). */
  boxHeight: number | string;
  /** The least height the box can be dragged to. */
  minHeight: number;
  /** Whether the user can drag the box taller or shorter. */
  resizable?: boolean;
  /** Draws the box's border in the error colour. */
  invalid?: boolean;
  /** The box's data-test and class name. */
  dataTest: string;
  className?: string;
}

/**
 * CodeMirror in a bordered box of the antd look (the code controls' and SQL expressions'
 * editors): the editor fills the box, Tab leaves the editor as it does other fields.
 */
export function BoxedCodeMirror({
  boxHeight,
  minHeight,
  resizable,
  invalid,
  dataTest,
  className,
  ...editor
}: BoxedCodeMirrorProps) {
  const { token } = antdTheme.useToken();
  return (
    <div
      className={className}
      data-test={dataTest}
      style={{
        height: boxHeight,
        minHeight,
        resize: resizable ? 'vertical' : 'none',
        overflow: 'hidden',
        border: `1px solid ${invalid ? token.colorError : token.colorBorder}`,
        borderRadius: token.borderRadius,
        background: token.colorBgContainer,
      }}
    >
      <CodeMirror {...editor} height="100%" style={{ height: '100%' }} indentWithTab={false} />
    </div>
  );
}
