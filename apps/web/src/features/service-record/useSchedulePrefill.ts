import type { UseFormReturnType } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { ServiceRecordLimits } from '@wrenchlog/contracts/limits';
import { useEffect, useRef } from 'react';
import { useApi } from '../../core/context';
import { SERVICE_TYPES } from '../../core/service-types';
import { scheduleApi, scheduleKeys } from '../schedules/schedule-api';
import type { Draft } from './service-record-logic';

/**
 * A new record opened to complete schedules (the Due page's "Log service", issue 38) takes their
 * titles as its title and the first one's service type when it is one of the record's types, once,
 * and only while the title is still empty: what the user typed is never replaced.
 */
export function useSchedulePrefill(form: UseFormReturnType<Draft>, scheduleIds: readonly number[] | null) {
  const api = useApi();
  const machineId = form.getValues().machineId;
  const wanted = scheduleIds !== null && scheduleIds.length > 0 && machineId !== null;
  const query = useQuery({
    queryKey: scheduleKeys.machine(machineId ?? 0),
    queryFn: () => scheduleApi.ofMachine(api, machineId!),
    enabled: wanted,
  });
  const done = useRef(false);
  useEffect(() => {
    if (!wanted || done.current || !query.data) {
      return;
    }
    done.current = true;
    const picked = query.data.filter((s) => scheduleIds.includes(s.id));
    if (picked.length === 0 || form.getValues().title.trim() !== '') {
      return;
    }
    const type = SERVICE_TYPES.find((t) => t.toLowerCase() === picked[0].serviceType.trim().toLowerCase());
    form.setValues({
      title: picked
        .map((s) => s.title)
        .join(', ')
        .slice(0, ServiceRecordLimits.title),
      ...(type ? { serviceType: type } : {}),
    });
  }, [wanted, query.data, scheduleIds, form]);
}
