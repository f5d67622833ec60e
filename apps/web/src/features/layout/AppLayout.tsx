import {
  ActionIcon,
  AppShell,
  Box,
  Burger,
  Button,
  Center,
  Collapse,
  Group,
  Loader,
  NavLink as MantineNavLink,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconLogout, IconSettings } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet, useLocation } from 'react-router-dom';
import { useSession } from '../../core/context';
import { DESKTOP_QUERY } from '../../core/theme';
import { isPublicPath } from '../../lib/public-paths';
import { NotificationBell } from '../notifications/NotificationBell';
import { OfflineIndicator, OutboxIndicator, UpdateIndicator } from '../../core/offline/indicators';
import { useOutboxSync } from '../../core/offline/useOutboxSync';
import { useAccountFollow, useAccounts } from '../accounts/accounts-api';
import { useRights } from '../../core/rights';
import { Logo } from '../../components/Logo';
import { navItemsFor, type NavItem } from './nav-items';
import classes from './AppLayout.module.css';
import { useScrollManager } from './useScrollManager';

// The switcher's menu (and its dialog) load after the page, in their own chunk.
const AccountSwitcher = lazy(() => import('../accounts/AccountSwitcher'));

interface HeaderLink {
  label: string;
  to?: string;
  onClick?: () => void;
}

/** The sections of the member's navigation: by their role here, and for My work by their roles in all their accounts (the switcher's list). */
function useNavItems(): NavItem[] {
  const rights = useRights();
  const { status } = useSession();
  const { pathname, search } = useLocation();
  // Where the switcher is shown (the same query): not on the public pages.
  const accounts = useAccounts(status === 'authenticated' && !isPublicPath(`${pathname}${search}`));
  return navItemsFor(
    rights,
    accounts.data?.map((a) => a.role),
  );
}

function useHeaderLinks(desktop: boolean): HeaderLink[] {
  const { status, session } = useSession();
  const navItems = useNavItems();
  const { t } = useTranslation();
  const signedIn = status === 'authenticated';
  // On a phone the sections the bottom bar has no room for are in this menu.
  const extra = signedIn && !desktop ? navItems.filter((item) => item.menuOnMobile).map((item) => ({ label: t(`nav.${item.label}`), to: item.to })) : [];
  return [
    { label: t('menu.home'), to: '/' },
    ...(signedIn
      ? [{ label: t('menu.dashboard'), to: '/dashboard' }, ...extra, { label: t('menu.settings'), to: '/settings' }]
      : [{ label: t('menu.login'), to: '/login' }]),
    { label: t('menu.pricing'), to: '/pricing' },
    { label: t('menu.roadmap'), to: '/roadmap' },
    { label: t('menu.about'), to: '/about' },
    ...(signedIn ? [{ label: t('menu.logout'), onClick: () => void session.logout() }] : []),
  ];
}

function HeaderMenu({ desktop }: { desktop: boolean }) {
  const links = useHeaderLinks(desktop);
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [opened, setOpened] = useState(false);
  // Any navigation (links, back and forward) closes the menu.
  const [menuPath, setMenuPath] = useState(pathname);
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    setOpened(false);
  }
  if (desktop) {
    return (
      <Group gap={4} component="nav" aria-label={t('menu.mainMenu')}>
        {links.map((link) =>
          link.to ? (
            <Button
              key={link.label}
              component={Link}
              to={link.to}
              variant={pathname === link.to ? 'light' : 'subtle'}
              color={pathname === link.to ? 'brand' : 'gray'}
              size="compact-md"
              fw={500}
            >
              {link.label}
            </Button>
          ) : (
            <Button key={link.label} variant="subtle" color="gray" size="compact-md" fw={500} leftSection={<IconLogout size={16} />} onClick={link.onClick}>
              {link.label}
            </Button>
          ),
        )}
      </Group>
    );
  }
  return (
    <>
      <Burger
        opened={opened}
        onClick={() => setOpened((o) => !o)}
        aria-label={opened ? t('menu.closeMenu') : t('menu.openMenu')}
        aria-expanded={opened}
        size="sm"
      />
      {/* A light drop-down panel instead of a floating menu: keeps the first load small. */}
      <Box className={classes.mobileMenu} data-opened={opened || undefined}>
        <Collapse expanded={opened} transitionDuration={200}>
          <Stack gap={2} p="sm" component="nav" aria-label={t('menu.mainMenu')}>
            {links.map((link) =>
              link.to ? (
                <UnstyledButton
                  key={link.label}
                  component={Link}
                  to={link.to}
                  className={classes.mobileMenuItem}
                  data-active={pathname === link.to || undefined}
                  onClick={() => setOpened(false)}
                >
                  {link.label}
                </UnstyledButton>
              ) : (
                <UnstyledButton
                  key={link.label}
                  className={classes.mobileMenuItem}
                  data-danger
                  onClick={() => {
                    setOpened(false);
                    link.onClick?.();
                  }}
                >
                  {link.label}
                </UnstyledButton>
              ),
            )}
          </Stack>
        </Collapse>
      </Box>
    </>
  );
}

function SideNav() {
  const { user } = useSession();
  const navItems = useNavItems();
  const { t } = useTranslation();
  return (
    <Stack justify="space-between" h="100%" gap={0}>
      <Stack gap={4} p="sm" component="nav" aria-label={t('menu.sections')}>
        {navItems.map((item) => (
          <MantineNavLink
            key={item.to}
            component={NavLink}
            to={item.to}
            label={t(`nav.${item.label}`)}
            leftSection={<item.icon size={20} stroke={1.7} />}
            className={classes.navLink}
          />
        ))}
      </Stack>
      <Box p="md" className={classes.navFooter}>
        <Group gap="xs" wrap="nowrap">
          <Box style={{ minWidth: 0, flex: 1 }}>
            <Text size="sm" fw={600} truncate>
              {user?.name ?? ' '}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {user?.username ?? ''}
            </Text>
          </Box>
          <ActionIcon component={Link} to="/settings" variant="subtle" color="gray" aria-label={t('menu.settings')}>
            <IconSettings size={18} />
          </ActionIcon>
        </Group>
      </Box>
    </Stack>
  );
}

function BottomBar() {
  const navItems = useNavItems();
  const { t } = useTranslation();
  return (
    <Group component="nav" aria-label={t('menu.sections')} grow gap={0} h="100%" wrap="nowrap">
      {navItems
        .filter((item) => !item.menuOnMobile)
        .map((item) => (
          <UnstyledButton key={item.to} component={NavLink} to={item.to} className={classes.bottomItem}>
            <item.icon size={22} stroke={1.7} />
            <span>{t(`nav.${item.short}`)}</span>
          </UnstyledButton>
        ))}
    </Group>
  );
}

export function PageLoader() {
  return (
    <Center py={80}>
      <Loader size="md" />
    </Center>
  );
}

/** The app shell: header on every page; side navigation (desktop) or bottom bar (mobile) when signed in on app pages. */
export function AppLayout() {
  useScrollManager();
  useAccountFollow();
  useOutboxSync();
  const { t } = useTranslation();
  const { status } = useSession();
  const { pathname, search } = useLocation();
  const desktop = useMediaQuery(DESKTOP_QUERY, true, { getInitialValueInEffect: false }) ?? true;
  const publicPage = isPublicPath(`${pathname}${search}`);
  const showNav = status === 'authenticated' && !publicPage;
  const authPage = pathname === '/login' || pathname === '/signup' || pathname === '/forgot-password' || pathname === '/set-password';

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 232, breakpoint: 'md', collapsed: { mobile: true, desktop: !showNav } }}
      footer={{ height: 64, collapsed: desktop || !showNav }}
      padding={0}
      transitionDuration={200}
    >
      {/* The first stop of Tab on every page: past the header and navigation to the page itself. */}
      <a
        href="#main-content"
        className={classes.skipLink}
        onClick={(e) => {
          // Focus the page without a hash navigation (the router and the scroll manager own the address).
          e.preventDefault();
          const main = document.getElementById('main-content');
          main?.focus();
          main?.scrollIntoView();
        }}
      >
        {t('shell.skipToContent')}
      </a>
      <AppShell.Header className={classes.header}>
        <Group h="100%" px={{ base: 'md', md: 'lg' }} justify="space-between" wrap="nowrap">
          <Link to="/dashboard" className={classes.logoLink} aria-label={t('shell.logoLabel')}>
            <Logo />
          </Link>
          <Group gap={desktop ? 'xs' : 4} wrap="nowrap">
            {/* The bell sits last on a wide header, and before the menu button on a phone. */}
            {status === 'authenticated' && !publicPage && (
              <Suspense fallback={null}>
                <AccountSwitcher compact={!desktop} />
              </Suspense>
            )}
            {status === 'authenticated' && !publicPage && <OutboxIndicator />}
            {status === 'authenticated' && !desktop && <NotificationBell />}
            <HeaderMenu desktop={desktop} />
            {status === 'authenticated' && desktop && <NotificationBell />}
          </Group>
        </Group>
      </AppShell.Header>
      {showNav && desktop && (
        <AppShell.Navbar className={classes.navbar}>
          <SideNav />
        </AppShell.Navbar>
      )}
      <AppShell.Main id="main-content" tabIndex={-1} className={authPage ? classes.authMain : publicPage ? classes.publicMain : classes.appMain}>
        {status === 'authenticated' && !publicPage && <OfflineIndicator />}
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
        <UpdateIndicator />
      </AppShell.Main>
      {showNav && !desktop && (
        <AppShell.Footer className={classes.bottomBar}>
          <BottomBar />
        </AppShell.Footer>
      )}
    </AppShell>
  );
}
