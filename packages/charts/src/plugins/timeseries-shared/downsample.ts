/**
 * Largest-Triangle-Three-Buckets down-sampling: the indices of `threshold` points keeping the
 * line's shape (first and last kept). A line of 100,000 points is drawn from a few thousand —
 * what fits the chart's pixels — so it renders fast; ECharts' own `lttb` sampling does the same
 * on every redraw, after taking in every point.
 */
export function lttbIndices(
  xs: ArrayLike<number>,
  ys: ArrayLike<number>,
  threshold: number,
): number[] {
  const n = xs.length;
  if (threshold >= n || threshold < 3) return Array.from({ length: n }, (_, i) => i);
  const out: number[] = [0];
  const every = (n - 2) / (threshold - 2);
  let a = 0;
  for (let i = 0; i < threshold - 2; i += 1) {
    // The next bucket's average point.
    let avgX = 0;
    let avgY = 0;
    const nextStart = Math.floor((i + 1) * every) + 1;
    const nextEnd = Math.min(Math.floor((i + 2) * every) + 1, n);
    const len = nextEnd - nextStart;
    for (let j = nextStart; j < nextEnd; j += 1) {
      avgX += xs[j]!;
      avgY += ys[j]!;
    }
    avgX /= len || 1;
    avgY /= len || 1;
    // The point of this bucket making the largest triangle with the last kept and the average.
    const start = Math.floor(i * every) + 1;
    const end = Math.floor((i + 1) * every) + 1;
    const ax = xs[a]!;
    const ay = ys[a]!;
    let maxArea = -1;
    let chosen = start;
    for (let j = start; j < end; j += 1) {
      const area = Math.abs((ax - avgX) * (ys[j]! - ay) - (ax - xs[j]!) * (avgY - ay));
      if (area > maxArea) {
        maxArea = area;
        chosen = j;
      }
    }
    out.push(chosen);
    a = chosen;
  }
  out.push(n - 1);
  return out;
}
