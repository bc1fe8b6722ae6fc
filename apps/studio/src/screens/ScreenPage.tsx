import { useState } from 'react';
import { Anchor, Box, Button, Grid, Group, Loader, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link, useNavigate, useParams } from 'react-router';
import {
  useCommands,
  useDeleteScreen,
  useDevice,
  useLogs,
  useMediaList,
  useScreen,
  useScreenshot,
  useSendCommand,
  useUpdateScreen,
} from '../api/queries';
import { useLayouts } from '../api/layouts';
import { usePlaylists } from '../api/playlists';
import type { ScreenPatch } from '../api/types';
import { QueryError } from '../common/QueryError';
import { useConfirm } from '../common/useConfirm';
import { useNow } from '../common/useNow';
import { useLiveConnections } from '../live/useLiveConnections';
import type { CommandInfo } from './commandCatalog';
import { BlockDeviceControl } from './BlockDeviceControl';
import { ScreenTimeline } from '../timeline/ScreenTimeline';
import { WhyPlaying } from '../timeline/WhyPlaying';
import { CommandsPanel } from './CommandsPanel';
import { ContentEditor } from './ContentEditor';
import { DefaultContentCard } from './DefaultContentCard';
import { defaultContentOf } from './defaultContent';
import { DiagnosticsPanel } from './DiagnosticsPanel';
import { isOnline } from './liveStatus';
import { HealthSince } from './HealthSince';
import { ScreenFacts } from './ScreenFacts';
import { ScreenUptimeCard } from './ScreenUptimeCard';
import { ScreenshotCard } from './ScreenshotCard';
import { ScreenTagsEditor } from './ScreenTagsEditor';
import { SettingsForm, settingsValuesOf } from './SettingsForm';
import { StatsCard } from './StatsCard';
import { StatusBadge } from './StatusBadge';
import { TimeZoneControl } from './TimeZoneControl';
import { Allowed } from '../access/Allowed';
import { AllowedFieldset } from '../access/AllowedFieldset';

/** After a screenshot is asked for, its image is looked for this long (the player uploads after acknowledging). */
const SCREENSHOT_WATCH_MS = 30_000;
const SCREENSHOT_POLL_MS = 2000;

const failed = (title: string) => (error: Error) =>
  notifications.show({ color: 'red', title, message: error.message });

export function ScreenPage() {
  const { id = '' } = useParams();
  const screen = useScreen(id);
  const commands = useCommands(id);
  const media = useMediaList();
  const playlists = usePlaylists();
  const layouts = useLayouts();
  const device = useDevice(id);
  const logs = useLogs(id);
  const update = useUpdateScreen(id);
  const send = useSendCommand(id);
  const remove = useDeleteScreen();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const now = useNow(2000);
  const [sending, setSending] = useState<string | null>(null);
  const lastShot = (commands.data ?? []).find((command) => command.command === 'screenshot');
  const watching = lastShot !== undefined && now - lastShot.raisedAt < SCREENSHOT_WATCH_MS;
  const screenshot = useScreenshot(id, watching ? SCREENSHOT_POLL_MS : false);
  const playerIds = screen.data?.playerId ? [screen.data.playerId] : [];
  const live = useLiveConnections(playerIds);

  if (screen.isPending) return <Loader />;
  if (screen.error !== null)
    return (
      <QueryError
        error={screen.error}
        title="Could not load this screen"
        onRetry={() => void screen.refetch()}
      />
    );
  const data = screen.data;
  const hasPlayer = data.playerId !== null;

  const sendCommand = (command: CommandInfo) => {
    const run = () => {
      setSending(command.name);
      send.mutate(
        { command: command.name },
        {
          onSuccess: () =>
            notifications.show({
              color: 'blue',
              title: `${command.label} sent`,
              message: 'It shows as acknowledged once the screen has done it.',
            }),
          onError: failed(`${command.label} was not sent`),
          onSettled: () => setSending(null),
        },
      );
    };
    if (command.confirm === undefined) run();
    else confirm(command.label, command.confirm, run);
  };

  /** Saves a change of the screen, saying so, or why not. */
  const save = (patch: ScreenPatch, title: string, message: string) =>
    update.mutate(patch, {
      onSuccess: () => notifications.show({ color: 'teal', title, message }),
      onError: failed('Not saved'),
    });

  const unpair = () =>
    confirm(
      'Remove screen',
      `Are you sure you want to remove ${data.name}? Its player goes back to showing a pairing code.`,
      () =>
        remove.mutate(data.id, {
          onSuccess: () => {
            notifications.show({
              color: 'teal',
              title: 'Screen removed',
              message: `${data.name} is no longer paired.`,
            });
            void navigate('/screens');
          },
          onError: failed('The screen was not removed'),
        }),
    );

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4}>
          <Anchor component={Link} to="/screens" size="sm">
            ← All screens
          </Anchor>
          <Group gap="sm">
            <Title order={1} size="h2">
              {data.name}
            </Title>
            <StatusBadge
              online={isOnline(data, live)}
              overdue={data.status.heartbeatOverdue}
              paired={hasPlayer}
            />
          </Group>
          {hasPlayer && <HealthSince health={data.health} now={now} />}
          <Text size="sm" c="dimmed">
            Content version {data.content.version}
          </Text>
        </Stack>
        <Group gap="xs">
          {data.playerId !== null && (
            <Allowed route="blockPlayer" what="block devices" hide>
              <BlockDeviceControl
                playerId={data.playerId}
                screenName={data.name}
                blocked={data.status.blocked}
              />
            </Allowed>
          )}
          <Allowed route="unpairScreen" what="remove screens" hide>
            <Button color="red" variant="subtle" onClick={unpair} loading={remove.isPending}>
              Remove screen
            </Button>
          </Allowed>
        </Group>
      </Group>

      <Tabs defaultValue="overview" keepMounted={false}>
        <Tabs.List mb="lg">
          <Tabs.Tab value="overview">Overview</Tabs.Tab>
          <Tabs.Tab value="content">Content</Tabs.Tab>
          <Tabs.Tab value="timeline">Timeline</Tabs.Tab>
          <Tabs.Tab value="commands">Commands</Tabs.Tab>
          <Tabs.Tab value="diagnostics">Device and logs</Tabs.Tab>
        </Tabs.List>

        <Tabs.Panel value="overview">
          <Stack gap="lg">
            <WhyPlaying timeline={data.timeline} />
            <ScreenFacts status={data.status} now={now} />
            {hasPlayer && <ScreenUptimeCard screenId={data.id} timezone={data.timezone} />}
            <AllowedFieldset route="updateScreen" what="change screens">
              <Grid gutter="lg">
                <Grid.Col span={{ base: 12, md: 6 }}>
                  <TimeZoneControl
                    key={`${data.timezone}-${data.timezoneSource}`}
                    screen={data}
                    saving={update.isPending}
                    onSave={(timezone) =>
                      save(
                        { timezone },
                        'Time zone saved',
                        timezone === null
                          ? 'The screen follows its player’s zone.'
                          : `Pinned to ${timezone}.`,
                      )
                    }
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 12, md: 6 }}>
                  <ScreenTagsEditor
                    key={data.tags.join(',')}
                    tags={data.tags}
                    saving={update.isPending}
                    onSave={(tags) =>
                      save({ tags }, 'Tags saved', 'Groups matching them take the screen in.')
                    }
                  />
                </Grid.Col>
              </Grid>
            </AllowedFieldset>
            <StatsCard stats={data.status.stats} now={now} />
            <Grid gutter="lg">
              <Grid.Col span={{ base: 12, md: 6 }}>
                <Paper withBorder radius="md" p="lg">
                  <Title order={3} size="h4" mb="md">
                    Settings
                  </Title>
                  <AllowedFieldset route="updateScreen" what="change screens" quiet>
                    <SettingsForm
                      key={data.updatedAt}
                      initial={settingsValuesOf(data)}
                      saving={update.isPending}
                      onSubmit={(patch) =>
                        update.mutate(patch, {
                          onSuccess: () =>
                            notifications.show({
                              color: 'teal',
                              title: 'Settings saved',
                              message: 'The screen picks them up in a moment.',
                            }),
                          onError: failed('Settings not saved'),
                        })
                      }
                    />
                  </AllowedFieldset>
                </Paper>
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 6 }}>
                <Allowed route="raiseCommand" what="send commands">
                  <ScreenshotCard
                    url={screenshot.data}
                    requesting={sending === 'screenshot'}
                    disabled={!hasPlayer}
                    onRequest={() =>
                      sendCommand({ name: 'screenshot', label: 'Take screenshot', description: '' })
                    }
                  />
                </Allowed>
              </Grid.Col>
            </Grid>
          </Stack>
        </Tabs.Panel>

        <Tabs.Panel value="timeline">
          <ScreenTimeline screenId={data.id} zone={data.timezone} />
        </Tabs.Panel>

        <Tabs.Panel value="content">
          <AllowedFieldset route="updateScreen" what="change what screens show">
            <Paper withBorder radius="md" p="lg">
              <Title order={3} size="h4" mb={4}>
                What this screen shows
              </Title>
              <Text size="sm" c="dimmed" mb="md">
                A web page, an image or video from your media library, or a playlist of them. The screen
                switches as soon as you save, and keeps playing it when its network goes away.
              </Text>
              <ContentEditor
                key={data.content.version}
                sources={data.content.sources}
                media={media.data ?? []}
                saving={update.isPending}
                onSave={(content) =>
                  update.mutate(
                    { content },
                    {
                      onSuccess: () =>
                        notifications.show({
                          color: 'teal',
                          title: 'Content assigned',
                          message: `${data.name} shows it in a moment.`,
                        }),
                      onError: failed('Content not assigned'),
                    },
                  )
                }
              />
            </Paper>
            <Box mt="lg">
              <DefaultContentCard
                key={data.defaultLayoutId ?? data.defaultPlaylistId ?? 'own'}
                current={defaultContentOf(data, playlists.data ?? [], layouts.data ?? [])}
                playlists={playlists.data ?? []}
                layouts={layouts.data ?? []}
                saving={update.isPending}
                onSave={(content) =>
                  save(content, 'Default content saved', `${data.name} shows it in a moment.`)
                }
              />
            </Box>
          </AllowedFieldset>
        </Tabs.Panel>

        <Tabs.Panel value="commands">
          <AllowedFieldset route="raiseCommand" what="send commands">
            <CommandsPanel
              commands={commands.data}
              sending={sending}
              disabled={!hasPlayer}
              onSend={sendCommand}
            />
          </AllowedFieldset>
        </Tabs.Panel>

        <Tabs.Panel value="diagnostics">
          <DiagnosticsPanel
            device={device.data?.device ?? null}
            deviceAt={device.data?.updatedAt ?? null}
            logs={logs.data}
          />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
