import { roleMay, type AccountRole, type Right } from '@wrenchlog/contracts/limits';
import type { Rights } from '../../core/rights';
import type common from '../../locales/en/common.json';
import {
  IconBolt,
  IconCalendarDue,
  IconClipboardList,
  IconEngine,
  IconLayoutDashboard,
  IconReportAnalytics,
  IconTool,
  IconTruck,
  IconUserCheck,
  type Icon,
} from '@tabler/icons-react';

/** A key of common.json's `nav`. */
export type NavLabel = keyof (typeof common)['nav'];

export interface NavItem {
  to: string;
  label: NavLabel;
  /** Label on the mobile bottom bar. */
  short: NavLabel;
  icon: Icon;
  /** Left off the mobile bottom bar (five fit at 390 px); the header's menu lists it instead. */
  menuOnMobile?: boolean;
  /** The rights of which a role needs one to see the section (issue 32): an operator has no parts or reports. */
  anyOf?: Right[];
  /** The section spans the member's accounts (issue 35's My work): shown when their role in any of them has one of `anyOf`. */
  anyAccount?: boolean;
}

// Side navigation and bottom bar (spec doc 1 section 2, app shell).
export const NAV_ITEMS: NavItem[] = [
  { to: '/dashboard', label: 'dashboard', short: 'dashboard', icon: IconLayoutDashboard },
  { to: '/machines', label: 'machines', short: 'machines', icon: IconTruck },
  { to: '/services', label: 'services', short: 'services', icon: IconTool, anyOf: ['record.read'] },
  { to: '/parts', label: 'parts', short: 'parts', icon: IconEngine, anyOf: ['inventory.read'] },
  {
    to: '/fast-create',
    label: 'fastCreate',
    short: 'fastCreateShort',
    icon: IconBolt,
    anyOf: ['fuel.write', 'record.write', 'machine.write', 'inventory.write'],
  },
  { to: '/due', label: 'due', short: 'due', icon: IconCalendarDue, menuOnMobile: true },
  { to: '/work-orders', label: 'workOrders', short: 'workOrdersShort', icon: IconClipboardList, menuOnMobile: true, anyOf: ['workorder.read'] },
  // The orders assigned to the member in all their accounts: for the roles an order can be assigned to, in any of them.
  { to: '/my-work', label: 'myWork', short: 'myWorkShort', icon: IconUserCheck, menuOnMobile: true, anyOf: ['workorder.write'], anyAccount: true },
  { to: '/reports', label: 'reports', short: 'reports', icon: IconReportAnalytics, menuOnMobile: true, anyOf: ['report.read'] },
];

/** The sections the signed-in member's role may open; `otherRoles`, their roles in all their accounts, for the sections that span them. */
export function navItemsFor(rights: Pick<Rights, 'may'>, otherRoles: readonly AccountRole[] = []): NavItem[] {
  const mayAnywhere = (right: Right) => otherRoles.some((role) => roleMay(role, right));
  return NAV_ITEMS.filter((item) => !item.anyOf || item.anyOf.some((right) => rights.may(right) || (item.anyAccount === true && mayAnywhere(right))));
}
