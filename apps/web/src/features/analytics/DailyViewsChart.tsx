import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { useTranslation } from 'react-i18next';
import './i18n';

/** Views per day as bars (its own chunk: the chart library loads only when there is something to draw). */
export default function DailyViewsChart({ data }: { data: { day: string; views: number }[] }) {
  const { t } = useTranslation('analytics');
  return (
    <BarChart
      h={240}
      data={data}
      dataKey="day"
      series={[{ name: 'views', label: t('daily.views'), color: 'brand.6' }]}
      tickLine="y"
      gridAxis="x"
      yAxisProps={{ allowDecimals: false, width: 36 }}
      xAxisProps={{ tickFormatter: (day: string) => day.slice(5), minTickGap: 12 }}
      tooltipAnimationDuration={150}
      // The sentence above the chart says what it shows, so the drawing is hidden from assistive
      // technology; recharts' keyboard layer would leave a focus stop inside that hidden subtree.
      aria-hidden
      barChartProps={{ accessibilityLayer: false }}
    />
  );
}
