/**
 * The sales chart's geometry (docs/decisions/0091-charts-as-svg.md): one bar per point, scaled to
 * the largest amount, negative amounts (a day of refunds only) below the zero line. Pure numbers,
 * so the drawing is tested without a browser.
 */

export interface Bar {
  x: number;
  y: number;
  width: number;
  height: number;
  value: number;
  label: string;
}

export interface ChartBox {
  width: number;
  height: number;
  /** Room at the bottom for the labels. */
  bottom: number;
}

export function chartBars(
  points: readonly { label: string; value: number }[],
  box: ChartBox,
): { bars: Bar[]; zeroY: number } {
  const top = Math.max(0, ...points.map((p) => p.value));
  const low = Math.min(0, ...points.map((p) => p.value));
  const span = top - low || 1;
  const plot = box.height - box.bottom;
  const zeroY = (top / span) * plot;
  const slot = points.length ? box.width / points.length : box.width;
  const width = Math.max(1, slot * 0.7);
  const bars = points.map((point, i) => {
    const height = (Math.abs(point.value) / span) * plot;
    return {
      x: i * slot + (slot - width) / 2,
      y: point.value >= 0 ? zeroY - height : zeroY,
      width,
      height,
      value: point.value,
      label: point.label,
    };
  });
  return { bars, zeroY };
}

/** Which labels to print under the bars: about eight, evenly spread, the first and last always. */
export function labelEvery(count: number, wanted = 8): number {
  return Math.max(1, Math.ceil(count / wanted));
}
