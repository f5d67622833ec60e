import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useServices } from '../context';

/** A write sent from the queue changes lists the screens show: they are read again (issue 34). */
export function useOutboxSync(): void {
  const { outbox } = useServices();
  const queryClient = useQueryClient();
  useEffect(() => outbox?.onSent(() => void queryClient.invalidateQueries()), [outbox, queryClient]);
}
