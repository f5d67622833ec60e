import { roleMay, type AccountRole, type Right } from '@wrenchlog/contracts/limits';
import { useSession } from './context';
import { i18n } from './i18n/i18n';

// Issue 32: the screens offer only what the signed-in member's role may do (ROLE_RIGHTS, the same
// table the services enforce). The services refuse anyway; this keeps a refused action off screen.

/** The roles' names in the interface language (read when shown, so they follow a switch). */
export const ROLE_LABELS: Record<AccountRole, string> = {
  get owner() {
    return i18n.t('roles.owner');
  },
  get manager() {
    return i18n.t('roles.manager');
  },
  get mechanic() {
    return i18n.t('roles.mechanic');
  },
  get operator() {
    return i18n.t('roles.operator');
  },
  get viewer() {
    return i18n.t('roles.viewer');
  },
};

/** The role the screens follow. A user answer without one (a server from before accounts) is the owner of their own data. */
export function roleOf(user: { role?: AccountRole } | null | undefined): AccountRole {
  return user?.role ?? 'owner';
}

export interface Rights {
  role: AccountRole;
  may: (right: Right) => boolean;
  /** Prices, costs, totals and reports: absent from an operator's answers, so their columns go too. */
  money: boolean;
}

export function rightsOf(role: AccountRole): Rights {
  return { role, may: (right) => roleMay(role, right), money: roleMay(role, 'money.read') };
}

/** The signed-in member's rights in the current account. */
export function useRights(): Rights {
  const { user } = useSession();
  return rightsOf(roleOf(user));
}
