import { Suspense } from 'react';
import { AppShell, Burger, Group, Loader, NavLink, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { NavLink as RouterLink, Outlet, useLocation } from 'react-router';
import type { ManagementRouteName } from '@marquee/management-api';
import { useAccess } from '../access/useAccess';
import { useSession } from '../api/context';
import { AccountMenu } from '../members/AccountMenu';
import { EmergencyButton } from '../emergency/EmergencyButton';
import { Logo } from './Logo';

// Each entry names the route its page reads (or, for Pair, does): the role must be allowed it for the entry to show.
const NAV: { to: string; label: string; route: ManagementRouteName }[] = [
  { to: '/screens', label: 'Screens', route: 'listScreens' },
  { to: '/pair', label: 'Pair a screen', route: 'pairScreen' },
  { to: '/playlists', label: 'Playlists', route: 'listPlaylists' },
  { to: '/layouts', label: 'Layouts', route: 'listLayouts' },
  { to: '/groups', label: 'Groups', route: 'listGroups' },
  { to: '/schedules', label: 'Schedules', route: 'listSchedules' },
  { to: '/alerts', label: 'Alerts', route: 'listAlertRules' },
  { to: '/media', label: 'Media library', route: 'listMedia' },
  { to: '/webhooks', label: 'Webhooks', route: 'listWebhooks' },
  { to: '/reports', label: 'Reports', route: 'listPlays' },
  { to: '/sso', label: 'Single sign-on', route: 'getSso' },
  { to: '/members', label: 'Members', route: 'listMembers' },
  { to: '/api-keys', label: 'API keys', route: 'listApiKeys' },
  { to: '/audit', label: 'Audit log', route: 'listAudit' },
];

export function AppLayout() {
  const session = useSession();
  const access = useAccess();
  const { pathname } = useLocation();
  // On a phone (the QR code's pair link) the navigation folds behind a burger.
  const [opened, { toggle, close }] = useDisclosure(false);
  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 220, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding={{ base: 'sm', sm: 'lg' }}
    >
      <AppShell.Header px={{ base: 'sm', sm: 'lg' }}>
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Menu" />
            <Logo />
          </Group>
          <Group gap="md" wrap="nowrap">
            <EmergencyButton />
            <Stack gap={0} align="flex-end" visibleFrom="sm">
              <Text size="sm" fw={600}>
                {session?.org?.name ?? ''}
              </Text>
              <Text size="xs" c="dimmed">
                {session?.user.email ?? ''}
              </Text>
            </Stack>
            <AccountMenu />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm">
        {NAV.filter((item) => access.canRead(item.route)).map((item) => (
          <NavLink
            key={item.to}
            component={RouterLink}
            to={item.to}
            label={item.label}
            onClick={close}
            active={pathname === item.to || pathname.startsWith(`${item.to}/`)}
            style={{ borderRadius: 6 }}
          />
        ))}
      </AppShell.Navbar>
      <AppShell.Main bg="gray.0">
        {/* Pages loaded on demand (App.tsx) show a loader while their code arrives. */}
        <Suspense fallback={<Loader m="xl" aria-label="Loading" />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
