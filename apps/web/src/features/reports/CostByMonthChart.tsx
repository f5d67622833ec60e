import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import type { CostMonth } from './api';
import { formatPrice } from '../../lib/format';
import { monthLabel } from './report-period';

export const CATEGORY_COLORS = { fuel: 'orange.6', service: 'brand.7', parts: 'teal.6' } as const;

/**
 * Cost by month stacked by category (its own chunk: the chart library loads only when there is
 * something to draw). The table next to it carries the same figures for assistive technology.
 */
export default function CostByMonthChart({ months }: { months: CostMonth[] }) {
  return (
    <BarChart
      h={260}
      data={months.map((m) => ({ ...m, label: monthLabel(m.month) }))}
      dataKey="label"
      type="stacked"
      series={[
        { name: 'fuel', label: 'Fuel', color: CATEGORY_COLORS.fuel },
        { name: 'service', label: 'Service', color: CATEGORY_COLORS.service },
        { name: 'parts', label: 'Parts', color: CATEGORY_COLORS.parts },
      ]}
      withLegend
      legendProps={{ verticalAlign: 'bottom', height: 40 }}
      tickLine="y"
      gridAxis="y"
      valueFormatter={(v) => formatPrice(v)}
      yAxisProps={{ width: 64 }}
      xAxisProps={{ minTickGap: 8 }}
      tooltipAnimationDuration={150}
      data-testid="cost-chart"
      aria-hidden
      barChartProps={{ accessibilityLayer: false }}
    />
  );
}
