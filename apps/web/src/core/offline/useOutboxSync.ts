import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useOutbox } from './queued';

/** A write sent from the queue changes lists the screens show: they are read again (issue 34). */
export function useOutboxSync(): void {
  const outbox = useOutbox();
  const queryClient = useQueryClient();
  useEffect(() => outbox?.onSent(() => void queryClient.invalidateQueries()), [outbox, queryClient]);
}
