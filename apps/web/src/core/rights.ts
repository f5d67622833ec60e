import { roleMay, type AccountRole, type Right } from '@wrenchlog/contracts/limits';
import { useSession } from './context';

// Issue 32: the screens offer only what the signed-in member's role may do (ROLE_RIGHTS, the same
// table the services enforce). The services refuse anyway; this keeps a refused action off screen.

export const ROLE_LABELS: Record<AccountRole, string> = {
  owner: 'Owner',
  manager: 'Manager',
  mechanic: 'Mechanic',
  operator: 'Operator',
  viewer: 'Viewer',
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
