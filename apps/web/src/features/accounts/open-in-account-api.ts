import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSession } from '../../core/context';
import { followSwitchTo, useSwitchAccount } from './accounts-api';

// Out of accounts-api (in the first load with the layout): only the pages that open another account's record need it.

/**
 * Opens a page of one of the caller's accounts (My work's orders, issue 35): at once in the
 * current account; else switches first, as the switcher does (the old account's answers dropped),
 * and the switch's follow opens the page in the new account instead of the dashboard. The screen
 * it is called from must read nothing of one account (My work spans them), since it stays up
 * while the switch runs.
 */
export function useOpenInAccount() {
  const { user } = useSession();
  const navigate = useNavigate();
  const switchAccount = useSwitchAccount();
  const { isPending, mutate } = switchAccount;
  const open = useCallback(
    (accountId: number, path: string) => {
      if (accountId === user?.accountId) {
        void navigate(path);
        return;
      }
      if (isPending) {
        return;
      }
      followSwitchTo({ accountId, path });
      mutate(accountId, {
        onError: () => followSwitchTo(null),
      });
    },
    [user?.accountId, navigate, isPending, mutate],
  );
  return { open, switchingTo: isPending ? switchAccount.variables : undefined, failedFor: switchAccount.isError ? switchAccount.variables : undefined };
}
