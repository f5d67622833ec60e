import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import { formatDate } from '../../lib/format';
import type { EconomyPoint } from './api';
import { economyUnitLabel, oneDecimal } from './report-figures';

/** A machine's fuel economy at each full fill (its own chunk, like the cost chart). */
export default function EconomyChart({ points }: { points: EconomyPoint[] }) {
  const unit = economyUnitLabel(points[0]?.unit);
  return (
    <LineChart
      h={220}
      data={points.map((p) => ({ date: formatDate(p.date), economy: p.economy }))}
      dataKey="date"
      series={[{ name: 'economy', label: unit, color: 'brand.7' }]}
      curveType="linear"
      tickLine="y"
      gridAxis="y"
      valueFormatter={(v) => `${oneDecimal(v)} ${unit}`}
      // The unit is in the title; the axis keeps to numbers so its labels fit on a phone.
      yAxisProps={{ width: 40, tickFormatter: (v: number) => String(Math.round(v * 10) / 10) }}
      xAxisProps={{ minTickGap: 16 }}
      tooltipAnimationDuration={150}
      data-testid="economy-chart"
      aria-hidden
      lineChartProps={{ accessibilityLayer: false }}
    />
  );
}
