import type { Right } from '@wrenchlog/contracts/limits';
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
  { to: '/reports', label: 'reports', short: 'reports', icon: IconReportAnalytics, menuOnMobile: true, anyOf: ['report.read'] },
];

/** The sections the signed-in member's role may open. */
export function navItemsFor(rights: Pick<Rights, 'may'>): NavItem[] {
  return NAV_ITEMS.filter((item) => !item.anyOf || item.anyOf.some((right) => rights.may(right)));
}
