import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import type { CostMonth } from './api';
import { formatCompactPrice, formatPrice } from '../../lib/format';
import { monthLabel } from './report-period';
import { useTranslation } from 'react-i18next';
import './i18n';

/** About the width of one character of a 12 px axis label (digits, '$', 'K'). */
const TICK_CHAR_PX = 7.5;

export const CATEGORY_COLORS = { fuel: 'orange.6', service: 'brand.7', parts: 'teal.6' } as const;

/**
 * Cost by month stacked by category (its own chunk: the chart library loads only when there is
 * something to draw). The table next to it carries the same figures for assistive technology.
 */
export default function CostByMonthChart({ months }: { months: CostMonth[] }) {
  // The axis writes '$80K', not '$80,000.00' (which a 390 px screen cut off at the left), and is as
  // wide as its longest label: the top tick may round the highest month up, by a quarter at most.
  const { t } = useTranslation('reports');
  const highest = Math.max(0, ...months.map((m) => m.fuel + m.service + m.parts));
  const longest = Math.max(...[highest, highest * 1.25].map((v) => formatCompactPrice(v).length));
  return (
    <BarChart
      h={260}
      data={months.map((m) => ({ ...m, label: monthLabel(m.month) }))}
      dataKey="label"
      type="stacked"
      series={[
        { name: 'fuel', label: t('figures.fuel'), color: CATEGORY_COLORS.fuel },
        { name: 'service', label: t('figures.service'), color: CATEGORY_COLORS.service },
        { name: 'parts', label: t('figures.parts'), color: CATEGORY_COLORS.parts },
      ]}
      withLegend
      legendProps={{ verticalAlign: 'bottom', height: 40 }}
      tickLine="y"
      gridAxis="y"
      valueFormatter={(v) => formatPrice(v)}
      yAxisProps={{ width: Math.max(40, Math.ceil(longest * TICK_CHAR_PX) + 12), tickFormatter: (v: number) => formatCompactPrice(v) }}
      xAxisProps={{ minTickGap: 8 }}
      tooltipAnimationDuration={150}
      data-testid="cost-chart"
      aria-hidden
      barChartProps={{ accessibilityLayer: false }}
    />
  );
}
