import { useState } from 'react';
import { Badge, Button, Group as Row, Stack, Table } from '@mantine/core';
import { useDeleteGroup, useGroups } from '../api/groups';
import type { Group } from '../api/types';
import { DeleteRefusal } from '../common/DeleteRefusal';
import { EmptyState } from '../common/EmptyState';
import { ListTable } from '../common/ListTable';
import { PageHeader } from '../common/PageHeader';
import { QueryStatus } from '../common/QueryStatus';
import { useConfirm } from '../common/useConfirm';
import { GroupDialog } from './GroupDialog';
import { Allowed } from '../access/Allowed';
import { DeleteRowButton } from '../common/DeleteRowButton';

/** The group being edited: null for a new one; undefined when no dialog is open. */
type Editing = Group | null | undefined;

export function GroupsPage() {
  const groups = useGroups();
  const remove = useDeleteGroup();
  const confirm = useConfirm();
  const [editing, setEditing] = useState<Editing>(undefined);
  const newButton = (
    <Allowed route="createGroup" what="add groups">
      <Button onClick={() => setEditing(null)}>New group</Button>
    </Allowed>
  );
  const requestDelete = (group: Group) =>
    confirm(
      'Delete group',
      `Are you sure you want to delete ${group.name}? Its screens stay as they are.`,
      () => remove.mutate(group.id),
    );
  return (
    <Stack gap="lg">
      <PageHeader
        title="Groups"
        description="Screens to schedule together: the ones you list, and every screen with the group's tags."
        actions={newButton}
      />
      {editing !== undefined && <GroupDialog group={editing} onClose={() => setEditing(undefined)} />}
      <DeleteRefusal message={remove.error?.message} onClose={remove.reset} />
      <QueryStatus query={groups} title="Could not load your groups" />
      <ListTable
        items={groups.data}
        label="Groups"
        headers={['Name', 'Screens now', 'Takes in screens tagged', 'Listed screens', '']}
        empty={
          <EmptyState title="No groups yet" action={newButton}>
            Group screens by tag (every screen tagged <strong>kitchen</strong>) or by name, then schedule
            playlists on the whole group at once.
          </EmptyState>
        }
      >
        {(group) => (
          <Table.Tr key={group.id} data-testid={`group-row-${group.id}`}>
            <Table.Td fw={600}>{group.name}</Table.Td>
            <Table.Td>{group.memberCount}</Table.Td>
            <Table.Td>
              <Row gap={4}>
                {group.matchTags.map((tag) => (
                  <Badge key={tag} variant="outline" size="sm" tt="none">
                    {tag}
                  </Badge>
                ))}
              </Row>
            </Table.Td>
            <Table.Td>{group.screenIds.length}</Table.Td>
            <Table.Td>
              <Row gap="xs" justify="flex-end">
                <Button size="xs" variant="default" onClick={() => setEditing(group)}>
                  Edit
                </Button>
                <Allowed route="deleteGroup" what="delete groups" hide>
                  <DeleteRowButton name={group.name} onClick={() => requestDelete(group)} />
                </Allowed>
              </Row>
            </Table.Td>
          </Table.Tr>
        )}
      </ListTable>
    </Stack>
  );
}
