import type { Right } from '@wrenchlog/contracts/limits';
import type { Rights } from '../../core/rights';
import {
  IconBolt,
  IconCalendarDue,
  IconClipboardList,
  IconEngine,
  IconLayoutDashboard,
  IconReportAnalytics,
  IconTool,
  IconTruck,
  type Icon,
} from '@tabler/icons-react';

export interface NavItem {
  to: string;
  label: string;
  /** Label on the mobile bottom bar. */
  short: string;
  icon: Icon;
  /** Left off the mobile bottom bar (five fit at 390 px); the header's menu lists it instead. */
  menuOnMobile?: boolean;
  /** The rights of which a role needs one to see the section (issue 32): an operator has no parts or reports. */
  anyOf?: Right[];
}

// Side navigation and bottom bar (spec doc 1 section 2, app shell).
export const NAV_ITEMS: NavItem[] = [
  { to: '/dashboard', label: 'Dashboard', short: 'Dashboard', icon: IconLayoutDashboard },
  { to: '/machines', label: 'Machines', short: 'Machines', icon: IconTruck },
  { to: '/services', label: 'Services', short: 'Services', icon: IconTool, anyOf: ['record.read'] },
  { to: '/parts', label: 'Parts', short: 'Parts', icon: IconEngine, anyOf: ['inventory.read'] },
  { to: '/fast-create', label: 'Fast Create', short: 'Create', icon: IconBolt, anyOf: ['fuel.write', 'record.write', 'machine.write', 'inventory.write'] },
  { to: '/due', label: 'Due', short: 'Due', icon: IconCalendarDue, menuOnMobile: true },
  { to: '/work-orders', label: 'Work orders', short: 'Work', icon: IconClipboardList, menuOnMobile: true, anyOf: ['workorder.read'] },
  { to: '/reports', label: 'Reports', short: 'Reports', icon: IconReportAnalytics, menuOnMobile: true, anyOf: ['report.read'] },
];

/** The sections the signed-in member's role may open. */
export function navItemsFor(rights: Pick<Rights, 'may'>): NavItem[] {
  return NAV_ITEMS.filter((item) => !item.anyOf || item.anyOf.some((right) => rights.may(right)));
}
