import type { BigNumberTotalProps } from './transformProps.js';

/** The number centred, sized as a fraction of the chart's height; "No data" when empty. */
export default function BigNumberTotal(props: BigNumberTotalProps) {
  const { width, height, text, subheader, headerFontSize, subheaderFontSize } = props;
  return (
    <div
      data-test="big-number"
      style={{
        width,
        height,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        overflow: 'hidden',
        fontFamily: 'inherit',
      }}
    >
      <div
        style={{
          fontSize: Math.max(12, height * headerFontSize),
          fontWeight: 600,
          lineHeight: 1.1,
        }}
      >
        {text ?? 'No data'}
      </div>
      {subheader ? (
        <div style={{ fontSize: Math.max(10, height * subheaderFontSize * 0.6), color: '#666' }}>
          {subheader}
        </div>
      ) : null}
    </div>
  );
}
