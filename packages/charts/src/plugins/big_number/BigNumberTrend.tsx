import { EchartsOrEmpty } from '../../echarts/EchartsOrEmpty.js';
import type { BigNumberTrendProps } from './transformProps.js';
import { fitFontSize } from '../big_number_total/fit.js';
import { usePageMeasure } from '../big_number_total/BigNumberTotal.js';

/** The number and its change on top, the trend line filling the rest. */
export default function BigNumberTrend(props: BigNumberTrendProps) {
  const { width, height, bigNumber, subheader, timestamp, trend, echartOptions } = props;
  const { onNumberContextMenu, onTrendContextMenu } = props;
  const headerHeight = echartOptions ? Math.round(height * 0.55) : height;
  const bold = usePageMeasure(600);
  const normal = usePageMeasure(400);
  const subSize = subheader
    ? fitFontSize({
        text: subheader,
        ideal: Math.max(11, headerHeight * 0.12),
        maxWidth: width - 16,
        maxHeight: headerHeight * 0.2,
        measure: normal,
      })
    : 0;
  const numberSize = fitFontSize({
    text: bigNumber ?? 'No data',
    ideal: Math.max(14, headerHeight * 0.4),
    maxWidth: width - 16,
    maxHeight: headerHeight - subSize * 1.5 - (timestamp ? 18 : 0) - 4,
    measure: bold,
  });
  return (
    <div
      data-test="big-number"
      style={{ width, height, display: 'flex', flexDirection: 'column', overflow: 'hidden' }}
    >
      <div
        style={{
          height: headerHeight,
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
        }}
        onContextMenu={
          onNumberContextMenu
            ? (e) => {
                e.preventDefault();
                onNumberContextMenu(e.clientX, e.clientY);
              }
            : undefined
        }
      >
        {timestamp ? <div style={{ color: '#888', fontSize: 12 }}>{timestamp}</div> : null}
        <div
          style={{ fontSize: numberSize, fontWeight: 600, lineHeight: 1.1, whiteSpace: 'nowrap' }}
        >
          {bigNumber ?? 'No data'}
        </div>
        {subheader ? (
          <div
            style={{
              fontSize: subSize,
              whiteSpace: 'nowrap',
              color: trend > 0 ? '#5AC189' : trend < 0 ? '#E04355' : '#666',
            }}
          >
            {subheader}
          </div>
        ) : null}
      </div>
      {echartOptions ? (
        <EchartsOrEmpty
          width={width}
          height={height - headerHeight}
          option={echartOptions}
          empty={false}
          onItemContextMenu={
            onTrendContextMenu
              ? (p, x, y) => {
                  const time: unknown = Array.isArray(p.data) ? p.data[0] : undefined;
                  if (typeof time === 'number') onTrendContextMenu(time, x, y);
                  else onNumberContextMenu?.(x, y);
                }
              : undefined
          }
        />
      ) : null}
    </div>
  );
}
