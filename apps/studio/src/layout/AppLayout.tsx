import { Suspense } from 'react';
import { AppShell, Burger, Button, Group, Loader, NavLink, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { NavLink as RouterLink, Outlet, useLocation } from 'react-router';
import { useApi, useSession } from '../api/context';
import { EmergencyButton } from '../emergency/EmergencyButton';
import { Logo } from './Logo';

const NAV = [
  { to: '/screens', label: 'Screens' },
  { to: '/pair', label: 'Pair a screen' },
  { to: '/playlists', label: 'Playlists' },
  { to: '/groups', label: 'Groups' },
  { to: '/schedules', label: 'Schedules' },
  { to: '/alerts', label: 'Alerts' },
  { to: '/media', label: 'Media library' },
  { to: '/webhooks', label: 'Webhooks' },
  { to: '/reports', label: 'Reports' },
  { to: '/sso', label: 'Single sign-on' },
];

export function AppLayout() {
  const session = useSession();
  const api = useApi();
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
            <Button variant="default" size="xs" onClick={() => api.signOut()}>
              Sign out
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm">
        {NAV.map((item) => (
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
