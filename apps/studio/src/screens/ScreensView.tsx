import { Button, Loader, Paper } from '@mantine/core';
import { Link } from 'react-router';
import { EmptyState } from '../common/EmptyState';
import { PageHeader } from '../common/PageHeader';
import { QueryError } from '../common/QueryError';
import type { Screen } from '../api/types';
import type { LiveConnection } from '../live/useLiveConnections';
import { ScreensTable } from './ScreensTable';

export interface ScreensViewProps {
  screens: Screen[] | undefined;
  error: unknown;
  loading: boolean;
  onRetry(): void;
  live: ReadonlyMap<string, LiveConnection>;
  now: number;
  playerUrl: string;
}

const pairButton = (
  <Button component={Link} to="/pair">
    Pair a screen
  </Button>
);

export function ScreensView({ screens, error, loading, onRetry, live, now, playerUrl }: ScreensViewProps) {
  return (
    <>
      <PageHeader
        title="Screens"
        description="Every display of your organisation, live."
        actions={pairButton}
      />
      {loading && <Loader />}
      {error !== null && error !== undefined && (
        <QueryError error={error} onRetry={onRetry} title="Could not load your screens" />
      )}
      {screens !== undefined && screens.length === 0 && (
        <EmptyState title="No screens yet" action={pairButton}>
          Open <strong>{playerUrl}</strong> in the browser of the display you want to use. It shows a
          six-character pairing code: choose <strong>Pair a screen</strong> and type it in, or scan the QR
          code on the screen with your phone.
        </EmptyState>
      )}
      {screens !== undefined && screens.length > 0 && (
        <Paper withBorder radius="md" p="xs">
          <ScreensTable screens={screens} live={live} now={now} />
        </Paper>
      )}
    </>
  );
}
