import { Anchor, Group, SimpleGrid, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { FUEL_TEXT_LIMITS } from '@wrenchlog/contracts/limits';
import { useForm } from '@mantine/form';
import { useEffect, type ChangeEvent, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useApi } from '../../core/context';
import type { FuelRecord } from '../../api/types';
import { formatDateTime } from '../../lib/format';
import { refusalDetail, type Banner } from '../../core/forms/FormBanner';
import { MachineSelect } from '../../core/forms/MachineSelect';
import { errorsAfterBlur, touchAll, validateTouched } from '../../core/forms/error-timing';
import { useRights } from '../../core/rights';
import { auditOf } from '../../lib/audit';
import { RecordFormFrame, useRecordFormActions, WithRecord, type RecordFormProps } from '../../core/forms/RecordForm';
import { useSubmit } from '../../core/forms/useSubmit';
import { fuelApi, fuelKeys, useDeleteFuelRecord, useSaveFuelRecord } from './fuel-api';
import { isQueuedOffline } from '../../core/offline/queued';
import { queuedBanner } from '../../core/offline/queued-banner';
import { useUnits } from '../../core/preferences';
import {
  computeEconomy,
  distanceText,
  fuelFormState,
  shownFuelValues,
  toCanonicalValues,
  toFuelInput,
  validateFuel,
  type FuelErrors,
  type FuelField,
  type FuelFormState,
  type FuelUnits,
} from './fuel-logic';
import { DateTimeField } from '../../core/forms/DateField';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { NotFoundTexts } from '../../components/states';
import './i18n';

/** Where a missing fuel record's page leads back to. */
export function fuelNotFound(t: TFunction<'fuelRecord'>): NotFoundTexts {
  return { title: t('notFound.title'), backTo: '/machines', backLabel: t('notFound.backLabel') };
}

export type FuelRecordFormProps = RecordFormProps<FuelRecord>;

/** 'Create Fuel Record' / 'Fuel Record Details' in the modes fast, fastView and full (spec doc 2 section 2). */
export function FuelRecordForm(props: FuelRecordFormProps) {
  const api = useApi();
  const { t } = useTranslation('fuelRecord');
  const { prefs } = useUnits();
  const unitsKey = `${prefs.distanceUnit}-${prefs.volumeUnit}`;
  return (
    <WithRecord
      recordId={props.recordId}
      queryKey={fuelKeys.detail(props.recordId ?? 0)}
      load={(id) => fuelApi.get(api, id)}
      loadingText={t('loading')}
      errorText={t('loadFailed')}
      notFound={fuelNotFound(t)}
    >
      {/* Keyed by record so the form starts from the loaded values (and afresh after a create). */}
      {(record) => <FuelForm key={`${record?.id ?? 'new'}-${unitsKey}`} {...props} record={record} />}
    </WithRecord>
  );
}

function FuelForm({ mode, machineId, onSaved, onCancel, onDeleted, record }: FuelRecordFormProps & { record: FuelRecord | null }) {
  const api = useApi();
  const { t } = useTranslation('fuelRecord');
  const save = useSaveFuelRecord();
  const remove = useDeleteFuelRecord();
  const navigate = useNavigate();
  const location = useLocation();
  const isNew = record === null;
  const full = mode === 'full';
  // Issue 32: a role that may not change fuel records reads them only.
  const rights = useRights();
  // A stored record reaches a role without money with no prices at all: their boxes go, and an
  // update leaves them out (the server keeps the stored ones; an operator changes their own record
  // within a day). A new one keeps them, since the server requires what was paid (the operator
  // types it at the pump).
  const showMoney = rights.money || isNew;
  const mayWrite = rights.may('fuel.write');
  const readOnly = mode === 'fastView' || !mayWrite;
  const shown = { machine: !machineId, date: !(mode === 'fast' && isNew), full, money: showMoney };
  // Issue 34: amounts, prices per unit and mileages in the member's units (the form is keyed by
  // them too, so a change of units starts it again from the stored record).
  const units = useUnits();
  const fuelUnits: FuelUnits = units.prefs;
  // The spec's labels stay as they are in miles.
  const distanceSuffix = fuelUnits.distanceUnit === 'mi' ? '' : ` (${units.distanceLabel})`;
  const prefill = (miles: number | null | undefined) => (miles === null || miles === undefined ? miles : Number(distanceText(miles, fuelUnits)));

  const form = useForm<FuelFormState>({
    initialValues: fuelFormState(record, machineId, new Date(), fuelUnits),
    // `latest` (below) is read when the rules run, after this render.
    validate: (state): FuelErrors => validateFuel(shownFuelValues(state, prefill(latest.data?.currentMileage)), shown, fuelUnits),
    // The calculated total follows amount and price.
    ...errorsAfterBlur<FuelFormState>({ amount: ['totalPrice'], pricePerUnit: ['totalPrice'] }),
  });
  const state = form.getValues();
  const submit = useSubmit<Banner>({
    initial: () =>
      record && (location.state as { createdFuelRecord?: number } | null)?.createdFuelRecord === record.id ? { kind: 'success', title: t('created') } : null,
    log: 'Fuel record save failed',
    // The typed values stay so nothing is lost.
    failure: (err) => ({ kind: 'error', title: isNew ? t('createFailed') : t('updateFailed'), detail: refusalDetail(err) }),
  });
  const { busy, setOutcome: setBanner, run } = submit;

  const chosenMachine = machineId ?? (Number(state.machineId) || undefined);
  // Last mileage comes from the machine's newest record until typed by hand (full mode, new record).
  const latest = useQuery({
    queryKey: fuelKeys.latest(chosenMachine ?? 0),
    queryFn: () => fuelApi.latest(api, chosenMachine ?? 0),
    enabled: full && isNew && chosenMachine !== undefined && !state.lastMileageTyped,
  });
  // A prefill that comes or goes (another machine chosen) is checked as if typed.
  useEffect(() => validateTouched(form, ['lastMileage']), [latest.data]); // eslint-disable-line react-hooks/exhaustive-deps
  const effective = shownFuelValues(state, prefill(latest.data?.currentMileage));
  const mpg = computeEconomy(effective, fuelUnits);

  const input = (name: FuelField) => {
    const props = form.getInputProps(name);
    return {
      ...props,
      value: effective[name],
      disabled: readOnly || busy,
      onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
        if (name === 'totalPrice') {
          // A total typed by hand wins over the calculation (left empty, it calculates again on blur).
          form.setFieldValue('totalTyped', true);
        }
        if (name === 'lastMileage') {
          form.setFieldValue('lastMileageTyped', true);
        }
        props.onChange(e);
      },
      onBlur: () => {
        if (name === 'totalPrice' && form.getValues().totalPrice.trim() === '') {
          form.setFieldValue('totalTyped', false);
          validateTouched(form, ['totalPrice']);
        }
        props.onBlur();
      },
      ...(name in FUEL_TEXT_LIMITS ? { maxLength: FUEL_TEXT_LIMITS[name as keyof typeof FUEL_TEXT_LIMITS].max } : {}),
    };
  };

  function reset() {
    form.setValues(fuelFormState(null, machineId, new Date(), fuelUnits));
    form.resetTouched();
    form.clearErrors();
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (readOnly || busy) {
      return;
    }
    // A tried submit shows every message; from then on they follow the typing.
    touchAll(form);
    if (form.validate().hasErrors) {
      return;
    }
    const now = new Date();
    const canonical = toCanonicalValues(effective, fuelUnits, record);
    const body = toFuelInput({ ...canonical, machineId: String(chosenMachine ?? '') }, { fastNew: mode === 'fast' && isNew, now, money: showMoney });
    await run(async () => {
      // The record may have moved to another machine: both histories change.
      const saved = await save.mutateAsync({ id: record?.id, body, previous: record }).catch((err: unknown) => {
        if (isQueuedOffline(err)) {
          return err;
        }
        throw err;
      });
      if (isQueuedOffline(saved)) {
        // Offline (issue 34): kept on the device and sent later; the form is clear for the next one.
        reset();
        setBanner(queuedBanner(saved));
        return;
      }
      onSaved?.(saved);
      if (!isNew) {
        setBanner({ kind: 'success', title: t('updated') });
      } else if (full) {
        // The new record's own address, so a reload shows it; the banner travels along.
        void navigate(`/fuel-record/${saved.id}`, { replace: true, state: { createdFuelRecord: saved.id } });
      } else {
        reset();
        setBanner({
          kind: 'success',
          title: t('created'),
          detail: (
            <Anchor component={Link} to={`/fuel-record/${saved.id}`} size="sm" fw={600}>
              {t('open')}
            </Anchor>
          ),
        });
      }
    });
  }

  const { frame } = useRecordFormActions({
    mode,
    onCancel,
    onDeleted,
    reset,
    submit,
    cancelTo: chosenMachine ? `/machines/${chosenMachine}?tab=fuel` : '/dashboard',
    deletion: record && {
      remove: () => remove.mutateAsync(record),
      leaveTo: `/machines/${record.machineId}?tab=fuel`,
      failTitle: t('deleteFailed'),
    },
  });

  const machineInput = form.getInputProps('machineId');
  return (
    <RecordFormFrame
      {...frame}
      title={isNew ? t('titleNew') : t('titleShown')}
      onSubmit={onSubmit}
      submitLabel={isNew ? t('save') : t('update')}
      fullDetailsTo={record ? `/fuel-record/${record.id}` : undefined}
      mayWrite={mayWrite}
      audit={auditOf(record, record?.dateCreated)}
      deleteTitle={t('deleteTitle')}
      deleteMessage={t('deleteConfirm')}
    >
      {shown.machine && (
        <MachineSelect
          required
          value={machineInput.value}
          disabled={readOnly || busy}
          onChange={(value) => {
            // A newly chosen machine prefills last mileage again.
            if (isNew) {
              form.setFieldValue('lastMileageTyped', false);
            }
            machineInput.onChange(value);
          }}
          onBlur={machineInput.onBlur}
          error={machineInput.error}
        />
      )}
      {shown.date ? (
        <DateTimeField label={t('fields.dateOfPurchase')} required {...input('dateOfPurchase')} onChange={(v) => form.setFieldValue('dateOfPurchase', v)} />
      ) : (
        <Text size="sm" c="dimmed">
          {t('boughtNow')}
        </Text>
      )}
      {/* One column in fast mode: the quick-create columns are narrow. */}
      <SimpleGrid cols={full ? { base: 1, sm: 3 } : 1} spacing="md">
        <TextInput label={`${t('fields.amount')} (${units.volumeLabel})`} type="number" inputMode="decimal" min={0} step="any" required {...input('amount')} />
        {showMoney && (
          <TextInput
            label={`${t('fields.pricePerUnit')} (${units.currencySymbol}${fuelUnits.volumeUnit === 'gal_us' ? '' : `/${units.volumeLabel}`})`}
            type="number"
            inputMode="decimal"
            min={0}
            step="any"
            required
            {...input('pricePerUnit')}
          />
        )}
        {showMoney && (
          <TextInput
            label={`${t('fields.totalPrice')} (${units.currencySymbol})`}
            type="number"
            inputMode="decimal"
            min={0.01}
            step={0.01}
            required
            description={readOnly ? undefined : state.totalTyped ? t('fields.totalTyped') : t('fields.totalCalculated')}
            // The hint under the box keeps the three boxes of a row aligned.
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            {...input('totalPrice')}
          />
        )}
      </SimpleGrid>
      <Group gap="xl" wrap="wrap" role="group" aria-label={t('fields.fillUp')}>
        <Switch
          label={t('fields.fullTank')}
          description={t('fields.fullTankHint')}
          {...form.getInputProps('fullTank', { type: 'checkbox' })}
          disabled={readOnly || busy}
          maw={320}
        />
        <Switch
          label={t('fields.missedPrevious')}
          description={t('fields.missedPreviousHint')}
          {...form.getInputProps('missedPrevious', { type: 'checkbox' })}
          disabled={readOnly || busy}
          maw={320}
        />
      </Group>
      {full && (
        <>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <TextInput label={t('fields.storeName')} {...input('storeName')} />
            <TextInput label={t('fields.storeCity')} {...input('storeCity')} />
            <TextInput label={t('fields.storeState')} {...input('storeState')} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <TextInput label={t('fields.currentHours')} type="number" inputMode="decimal" min={0} step="any" {...input('currentHours')} />
            <TextInput label={`${t('fields.lastMileage')}${distanceSuffix}`} type="number" inputMode="decimal" min={0} step="any" {...input('lastMileage')} />
            <TextInput
              label={`${t('fields.currentMileage')}${distanceSuffix}`}
              type="number"
              inputMode="decimal"
              min={0}
              step="any"
              {...input('currentMileage')}
            />
          </SimpleGrid>
          {(mpg !== null || record) && (
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
              {mpg !== null && <TextInput label={t('fields.average', { unit: units.economyLabel })} value={mpg.toFixed(1)} readOnly variant="filled" />}
              {record && <TextInput label={t('fields.dateCreated')} value={formatDateTime(record.dateCreated)} readOnly variant="filled" />}
            </SimpleGrid>
          )}
        </>
      )}
      <Textarea label={t('fields.notes')} autosize minRows={2} maxRows={8} {...input('notes')} />
    </RecordFormFrame>
  );
}
