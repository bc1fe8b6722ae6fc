import { useState } from 'react';
import { Alert, Anchor, Button, Group, Loader, Modal, Paper, Stack, Table, TextInput } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { useCreatePlaylist, usePlaylists } from '../api/playlists';
import { EmptyState } from '../common/EmptyState';
import { nameProblem } from '../common/names';
import { PageHeader } from '../common/PageHeader';
import { QueryError } from '../common/QueryError';
import { formatDuration } from '../common/time';
import { usageOf } from './usage';
import { usePlaylistDeletion } from './usePlaylistDeletion';

function NewPlaylistDialog({ onClose }: { onClose(): void }) {
  const create = useCreatePlaylist();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const problem = nameProblem(name, 'Breakfast menu');
    if (problem !== null) return setError(problem);
    create.mutate(
      { name: name.trim(), items: [] },
      {
        onSuccess: (playlist) => void navigate(`/playlists/${playlist.id}`),
        onError: (failure) => setError(failure.message),
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title="New playlist">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack>
          <TextInput
            label="Name"
            placeholder="Breakfast menu"
            value={name}
            error={error}
            onChange={(event) => setName(event.currentTarget.value)}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button type="submit" loading={create.isPending}>
              Create playlist
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export function PlaylistsPage() {
  const playlists = usePlaylists();
  const deletion = usePlaylistDeletion();
  const [creating, setCreating] = useState(false);
  const newButton = <Button onClick={() => setCreating(true)}>New playlist</Button>;
  return (
    <Stack gap="lg">
      <PageHeader
        title="Playlists"
        description="Web pages, images and videos in order, shown by schedules, emergencies and as screens' default content."
        actions={newButton}
      />
      {creating && <NewPlaylistDialog onClose={() => setCreating(false)} />}
      {deletion.refusal !== null && (
        <Alert
          color="red"
          variant="light"
          title="Not deleted"
          withCloseButton
          onClose={deletion.dismiss}
          role="alert"
        >
          {deletion.refusal}
        </Alert>
      )}
      {playlists.isPending && <Loader />}
      {playlists.error !== null && (
        <QueryError
          error={playlists.error}
          title="Could not load your playlists"
          onRetry={() => void playlists.refetch()}
        />
      )}
      {playlists.data?.length === 0 && (
        <EmptyState title="No playlists yet" action={newButton}>
          A playlist is a list of web pages, images and videos, each shown for as long as you say. Schedules
          show playlists at the times you choose.
        </EmptyState>
      )}
      {playlists.data !== undefined && playlists.data.length > 0 && (
        <Paper withBorder radius="md" p="xs">
          <Table verticalSpacing="sm" highlightOnHover aria-label="Playlists">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Items</Table.Th>
                <Table.Th>Length</Table.Th>
                <Table.Th>Used by</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {playlists.data.map((playlist) => (
                <Table.Tr key={playlist.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/playlists/${playlist.id}`} fw={600}>
                      {playlist.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{playlist.items.length}</Table.Td>
                  <Table.Td>{formatDuration(playlist.durationMs)}</Table.Td>
                  <Table.Td>{usageOf(playlist.usedBy)}</Table.Td>
                  <Table.Td ta="right">
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      onClick={() => deletion.request(playlist)}
                      aria-label={`Delete ${playlist.name}`}
                    >
                      Delete
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
    </Stack>
  );
}
