import { Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { EmptyState } from '../common/EmptyState';
import { PageHeader } from '../common/PageHeader';
import { QueryError } from '../common/QueryError';
import type { Group as ScreenGroup, Screen } from '../api/types';
import type { LiveConnection } from '../live/useLiveConnections';
import { ScreenFiltersBar } from './ScreenFiltersBar';
import { ScreensTable } from './ScreensTable';
import type { ScreenListState } from './useScreenListState';
import { Allowed } from '../access/Allowed';

export interface ScreensViewProps {
  screens: Screen[] | undefined;
  nextCursor: string | null;
  error: unknown;
  loading: boolean;
  onRetry(): void;
  live: ReadonlyMap<string, LiveConnection>;
  now: number;
  playerUrl: string;
  list: ScreenListState;
  groups: ScreenGroup[];
  knownTags: string[];
  onBulkTag(): void;
}

const pairButton = (
  <Allowed route="pairScreen" what="pair screens" hide>
    <Button component={Link} to="/pair">
      Pair a screen
    </Button>
  </Allowed>
);

export function ScreensView({
  screens,
  nextCursor,
  error,
  loading,
  onRetry,
  live,
  now,
  playerUrl,
  list,
  groups,
  knownTags,
  onBulkTag,
}: ScreensViewProps) {
  const filtered =
    list.search !== '' ||
    list.chosen.tag !== null ||
    list.chosen.groupId !== null ||
    list.chosen.status !== null;
  const none = screens !== undefined && screens.length === 0 && list.page === 1;
  return (
    <>
      <PageHeader
        title="Screens"
        description="Every display of your organisation, live."
        actions={pairButton}
      />
      {none && !filtered ? (
        <EmptyState title="No screens yet" action={pairButton}>
          Open <strong>{playerUrl}</strong> in the browser of the display you want to use. It shows a
          six-character pairing code: choose <strong>Pair a screen</strong> and type it in, or scan the QR
          code on the screen with your phone.
        </EmptyState>
      ) : (
        <Stack gap="md">
          <ScreenFiltersBar
            search={list.search}
            chosen={list.chosen}
            groups={groups}
            knownTags={knownTags}
            onSearch={list.setSearch}
            onFilter={list.setFilter}
          />
          {list.selected.size > 0 && (
            <Paper withBorder p="xs" radius="md" bg="indigo.0">
              <Group justify="space-between">
                <Text size="sm" fw={600}>
                  {list.selected.size} selected
                </Text>
                <Group gap="xs">
                  <Allowed route="tagScreens" what="tag screens">
                    <Button size="xs" onClick={onBulkTag}>
                      Tag selected screens
                    </Button>
                  </Allowed>
                  <Button size="xs" variant="subtle" onClick={list.clearSelection}>
                    Clear selection
                  </Button>
                </Group>
              </Group>
            </Paper>
          )}
          {loading && <Loader />}
          {error !== null && error !== undefined && (
            <QueryError error={error} onRetry={onRetry} title="Could not load your screens" />
          )}
          {none && <EmptyState title="No screen matches">Try another name, tag, group or status.</EmptyState>}
          {screens !== undefined && screens.length > 0 && (
            <Paper withBorder radius="md" p="xs">
              <ScreensTable
                screens={screens}
                live={live}
                now={now}
                selected={list.selected}
                onToggle={list.toggle}
                onToggleAll={() => list.toggleAll(screens.map((screen) => screen.id))}
              />
            </Paper>
          )}
          {(list.page > 1 || nextCursor !== null) && (
            <Group justify="flex-end" gap="xs">
              <Text size="sm" c="dimmed">
                Page {list.page}
              </Text>
              <Button size="xs" variant="default" disabled={list.page === 1} onClick={list.previous}>
                Previous
              </Button>
              <Button
                size="xs"
                variant="default"
                disabled={nextCursor === null}
                onClick={() => nextCursor !== null && list.next(nextCursor)}
              >
                Next
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </>
  );
}
