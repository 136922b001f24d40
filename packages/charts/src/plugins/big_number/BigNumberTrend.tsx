import { EchartsChart } from '../../echarts/EchartsChart.js';
import type { BigNumberTrendProps } from './transformProps.js';

/** The number and its change on top, the trend line filling the rest. */
export default function BigNumberTrend(props: BigNumberTrendProps) {
  const { width, height, bigNumber, subheader, timestamp, trend, echartOptions } = props;
  const headerHeight = echartOptions ? Math.round(height * 0.55) : height;
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
      >
        {timestamp ? <div style={{ color: '#888', fontSize: 12 }}>{timestamp}</div> : null}
        <div
          style={{ fontSize: Math.max(14, headerHeight * 0.4), fontWeight: 600, lineHeight: 1.1 }}
        >
          {bigNumber ?? 'No data'}
        </div>
        {subheader ? (
          <div
            style={{
              fontSize: Math.max(11, headerHeight * 0.12),
              color: trend > 0 ? '#5AC189' : trend < 0 ? '#E04355' : '#666',
            }}
          >
            {subheader}
          </div>
        ) : null}
      </div>
      {echartOptions ? (
        <EchartsChart width={width} height={height - headerHeight} option={echartOptions} />
      ) : null}
    </div>
  );
}
