import type { ScheduleTemplate } from '@wrenchlog/contracts';

// A short built-in list per kind of machine (the machine's free-text type picks the kind), for
// "add with one click, then edit". Intervals are common manufacturer defaults, not advice.

const t = (
  key: string,
  title: string,
  serviceType: string,
  i: Partial<Pick<ScheduleTemplate, 'intervalDays' | 'intervalMonths' | 'intervalDistance' | 'intervalHours'>>,
): ScheduleTemplate => ({
  key,
  title,
  serviceType,
  intervalDays: i.intervalDays ?? null,
  intervalMonths: i.intervalMonths ?? null,
  intervalDistance: i.intervalDistance ?? null,
  intervalHours: i.intervalHours ?? null,
  recurring: true,
  anchor: 'completion',
});

const ROAD: ScheduleTemplate[] = [
  t('oil-filter', 'Engine oil and filter', 'Oil Change', { intervalMonths: 6, intervalDistance: 5000 }),
  t('air-filter', 'Air filter', 'Maintenance', { intervalMonths: 12, intervalDistance: 15000 }),
  t('tire-rotation', 'Tire rotation', 'Maintenance', { intervalDistance: 7500 }),
  t('brake-fluid', 'Brake fluid', 'Maintenance', { intervalMonths: 24 }),
  t('annual-inspection', 'Annual inspection', 'Inspection', { intervalMonths: 12 }),
];

const HEAVY: ScheduleTemplate[] = [
  t('oil-filter', 'Engine oil and filter', 'Oil Change', { intervalMonths: 12, intervalHours: 250 }),
  t('air-filter', 'Air filter', 'Maintenance', { intervalHours: 500 }),
  t('hydraulic-fluid', 'Hydraulic fluid and filter', 'Maintenance', { intervalHours: 1000 }),
  t('grease', 'Grease fittings', 'Maintenance', { intervalDays: 7, intervalHours: 10 }),
  t('annual-inspection', 'Annual inspection', 'Inspection', { intervalMonths: 12 }),
];

const SMALL_ENGINE: ScheduleTemplate[] = [
  t('oil-filter', 'Engine oil', 'Oil Change', { intervalMonths: 12, intervalHours: 50 }),
  t('air-filter', 'Air filter', 'Maintenance', { intervalHours: 100 }),
  t('spark-plug', 'Spark plug', 'Maintenance', { intervalHours: 100 }),
  t('blade', 'Blade sharpening', 'Maintenance', { intervalHours: 25 }),
  t('annual-inspection', 'Annual inspection', 'Inspection', { intervalMonths: 12 }),
];

const MARINE: ScheduleTemplate[] = [
  t('oil-filter', 'Engine oil and filter', 'Oil Change', { intervalMonths: 12, intervalHours: 100 }),
  t('impeller', 'Water pump impeller', 'Maintenance', { intervalMonths: 24, intervalHours: 300 }),
  t('gear-oil', 'Lower unit gear oil', 'Maintenance', { intervalMonths: 12, intervalHours: 100 }),
  t('annual-inspection', 'Annual inspection', 'Inspection', { intervalMonths: 12 }),
];

const KINDS: [RegExp, ScheduleTemplate[]][] = [
  [/tractor|excavator|loader|dozer|backhoe|skid|crane|forklift|telehandler|combine|harvester|grader|roller|generator|compressor/i, HEAVY],
  [/mower|chainsaw|trimmer|blower|tiller|snow|atv|utv|quad/i, SMALL_ENGINE],
  [/boat|marine|outboard|jet ?ski|pwc|yacht/i, MARINE],
];

/** The templates for a machine type; road vehicles' list when the type names no other kind. */
export function templatesFor(type: string | null | undefined): ScheduleTemplate[] {
  const match = type ? KINDS.find(([pattern]) => pattern.test(type)) : undefined;
  return match ? match[1] : ROAD;
}
