import { Group, NativeSelect, SegmentedControl } from '@mantine/core';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { MachineListItem } from '../../api/types';
import { customReady, dayInZone, parseScope, presetPeriod, PRESETS, scopeValue, type Period, type PeriodPreset, type ScopeFilter } from './report-period';
import { useAccountTimeZone } from './account-time-zone';
import { DateField } from '../../core/forms/DateField';
import { useTranslation } from 'react-i18next';
import './i18n';

export interface ReportParams {
  preset: PeriodPreset;
  /** The typed custom days (possibly incomplete). */
  custom: Period;
  /** The period to ask for; null while a custom one is incomplete or the account's time zone is still loading. */
  period: Period | null;
  /** True while a preset waits for the account's time zone (not a missing custom day). */
  zonePending: boolean;
  scope: ScopeFilter;
  update(patch: Record<string, string | null>): void;
}

/** The report's period and scope, kept in the address (?period=custom&from=&to=&scope=t:Tractor) so a reload or a shared link keeps them. */
export function useReportParams(): ReportParams {
  const [params, setParams] = useSearchParams();
  const raw = params.get('period');
  const preset: PeriodPreset = raw === 'last12' || raw === 'custom' ? raw : 'year';
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const custom = useMemo(() => ({ from, to }), [from, to]);
  // "Today" in the account's zone, as report-service dates records; a string, so the period (and the
  // query keys) change when that day does, not on every render.
  const zone = useAccountTimeZone();
  const today = zone.pending ? null : dayInZone(new Date(), zone.timeZone);
  const period = useMemo(
    () => (preset === 'custom' ? (customReady(custom) ? custom : null) : today === null ? null : presetPeriod(preset, today)),
    [preset, custom, today],
  );
  const scope = parseScope(params.get('scope'));
  const update = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v) {
        next.set(k, v);
      } else {
        next.delete(k);
      }
    }
    setParams(next, { replace: true });
  };
  return { preset, custom, period, zonePending: preset !== 'custom' && today === null, scope, update };
}

/** The period picker: presets, and two days for a custom period with the server's field messages under them. */
export function PeriodPicker({ params, fieldErrors }: { params: ReportParams; fieldErrors: Record<string, string> }) {
  const { preset, custom, update } = params;
  const { t } = useTranslation('reports');
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <SegmentedControl
        aria-label={t('period.label')}
        value={preset}
        onChange={(v) => {
          if (v === 'custom') {
            // A custom period starts from the one on screen, so the user edits rather than types both.
            const shown = params.period ?? { from: '', to: '' };
            update({ period: 'custom', from: custom.from || shown.from, to: custom.to || shown.to });
          } else {
            update({ period: v === 'year' ? null : v, from: null, to: null });
          }
        }}
        data={PRESETS.map((value) => ({ value, label: t(`period.${value}`) }))}
      />
      {preset === 'custom' && (
        <Group gap="sm" align="flex-start" wrap="wrap">
          <DateField label={t('period.from')} value={custom.from} onChange={(from) => update({ from })} error={fieldErrors.from} w={170} />
          <DateField label={t('period.to')} value={custom.to} onChange={(to) => update({ to })} error={fieldErrors.to} w={170} />
        </Group>
      )}
    </Group>
  );
}

/** The machine filter: all machines, a machine type, or one machine. */
export function ScopePicker({ params, machines }: { params: ReportParams; machines: MachineListItem[] }) {
  const types = useMemo(() => [...new Set(machines.map((m) => m.type?.trim() ?? '').filter(Boolean))].sort((a, b) => a.localeCompare(b)), [machines]);
  const sorted = useMemo(() => [...machines].sort((a, b) => a.name.localeCompare(b.name)), [machines]);
  const value = scopeValue(params.scope);
  const { t } = useTranslation('reports');
  const data = [
    { value: '', label: t('scope.all') },
    ...(types.length > 0 ? [{ group: t('scope.type'), items: types.map((type) => ({ value: `t:${type}`, label: type })) }] : []),
    ...(sorted.length > 0 ? [{ group: t('scope.machine'), items: sorted.map((m) => ({ value: `m:${m.id}`, label: m.name })) }] : []),
  ];
  return (
    <NativeSelect
      label={t('scope.label')}
      data={data}
      value={value}
      onChange={(e) => params.update({ scope: e.currentTarget.value || null })}
      w={{ base: '100%', xs: 240 }}
    />
  );
}
