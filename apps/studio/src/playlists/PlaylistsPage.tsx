import { useState } from 'react';
import { Anchor, Button, Group, Modal, Stack, Table, TextInput } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { useCreatePlaylist, usePlaylists } from '../api/playlists';
import { ApiForm } from '../common/ApiForm';
import { DeleteRefusal } from '../common/DeleteRefusal';
import { EmptyState } from '../common/EmptyState';
import { ListTable } from '../common/ListTable';
import { nameProblem } from '../common/names';
import { PageHeader } from '../common/PageHeader';
import { QueryStatus } from '../common/QueryStatus';
import { formatDuration } from '../common/time';
import { usageOf } from './usage';
import { usePlaylistDeletion } from './usePlaylistDeletion';
import { Allowed } from '../access/Allowed';
import { DeleteRowButton } from '../common/DeleteRowButton';

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
      <ApiForm
        onSubmit={submit}
        actions={
          <Group justify="flex-end">
            <Button type="submit" loading={create.isPending}>
              Create playlist
            </Button>
          </Group>
        }
      >
        <TextInput
          label="Name"
          placeholder="Breakfast menu"
          value={name}
          error={error}
          onChange={(event) => setName(event.currentTarget.value)}
          data-autofocus
        />
      </ApiForm>
    </Modal>
  );
}

export function PlaylistsPage() {
  const playlists = usePlaylists();
  const deletion = usePlaylistDeletion();
  const [creating, setCreating] = useState(false);
  const newButton = (
    <Allowed route="createPlaylist" what="add playlists">
      <Button onClick={() => setCreating(true)}>New playlist</Button>
    </Allowed>
  );
  return (
    <Stack gap="lg">
      <PageHeader
        title="Playlists"
        description="Web pages, images and videos in order, shown by schedules, emergencies and as screens' default content."
        actions={newButton}
      />
      {creating && <NewPlaylistDialog onClose={() => setCreating(false)} />}
      <DeleteRefusal message={deletion.refusal} onClose={deletion.dismiss} />
      <QueryStatus query={playlists} title="Could not load your playlists" />
      <ListTable
        items={playlists.data}
        label="Playlists"
        headers={['Name', 'Items', 'Length', 'Used by', '']}
        empty={
          <EmptyState title="No playlists yet" action={newButton}>
            A playlist is a list of web pages, images and videos, each shown for as long as you say. Schedules
            show playlists at the times you choose.
          </EmptyState>
        }
      >
        {(playlist) => (
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
              <Allowed route="deletePlaylist" what="delete playlists" hide>
                <DeleteRowButton name={playlist.name} onClick={() => deletion.request(playlist)} />
              </Allowed>
            </Table.Td>
          </Table.Tr>
        )}
      </ListTable>
    </Stack>
  );
}
