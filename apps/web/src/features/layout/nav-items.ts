import { IconBolt, IconCalendarDue, IconEngine, IconLayoutDashboard, IconReportAnalytics, IconTool, IconTruck, type Icon } from '@tabler/icons-react';

export interface NavItem {
  to: string;
  label: string;
  /** Label on the mobile bottom bar. */
  short: string;
  icon: Icon;
  /** Left off the mobile bottom bar (five fit at 390 px); the header's menu lists it instead. */
  menuOnMobile?: boolean;
}

// Side navigation and bottom bar (spec doc 1 section 2, app shell).
export const NAV_ITEMS: NavItem[] = [
  { to: '/dashboard', label: 'Dashboard', short: 'Dashboard', icon: IconLayoutDashboard },
  { to: '/machines', label: 'Machines', short: 'Machines', icon: IconTruck },
  { to: '/services', label: 'Services', short: 'Services', icon: IconTool },
  { to: '/parts', label: 'Parts', short: 'Parts', icon: IconEngine },
  { to: '/fast-create', label: 'Fast Create', short: 'Create', icon: IconBolt },
  { to: '/due', label: 'Due', short: 'Due', icon: IconCalendarDue, menuOnMobile: true },
  { to: '/reports', label: 'Reports', short: 'Reports', icon: IconReportAnalytics, menuOnMobile: true },
];
