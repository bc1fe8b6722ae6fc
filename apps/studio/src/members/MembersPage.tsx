import { Alert, Button, Stack, Table, Text, Title } from '@mantine/core';
import { useAccess } from '../access/useAccess';
import { grantableRoles } from '../access/grantableRoles';
import { useInvitations, useMembers } from '../api/members';
import { EmptyState } from '../common/EmptyState';
import { ListTable } from '../common/ListTable';
import { PageHeader } from '../common/PageHeader';
import { QueryStatus } from '../common/QueryStatus';
import { RoleBadge } from '../common/RoleBadge';
import { formatDateTime } from '../common/time';
import { InviteDialog } from './InviteDialog';
import { MemberRoleSelect } from './MemberRoleSelect';
import { useMemberActions } from './useMemberActions';

export function MembersPage() {
  const members = useMembers();
  const invitations = useInvitations();
  const actions = useMemberActions();
  const grantable = grantableRoles(useAccess().role);
  const inviteButton = <Button onClick={() => actions.setInviting(true)}>Invite a member</Button>;
  return (
    <Stack gap="lg">
      <PageHeader
        title="Members"
        description="Who can sign in to your organisation, and what each may do."
        actions={inviteButton}
      />
      {actions.inviting && <InviteDialog roles={grantable} onClose={() => actions.setInviting(false)} />}
      {actions.error !== undefined && (
        <Alert color="red" role="alert">
          {actions.error}
        </Alert>
      )}
      <QueryStatus query={members} title="Could not load the members" />
      <ListTable
        items={members.data}
        label="Members"
        headers={['Email', 'Role', 'Last signed in', '']}
        empty={<EmptyState title="No members">Invite the people who manage your screens.</EmptyState>}
      >
        {(member) => (
          <Table.Tr key={member.id}>
            <Table.Td>{member.email}</Table.Td>
            <Table.Td>
              <MemberRoleSelect
                email={member.email}
                role={member.role}
                grantable={grantable}
                onChange={(role) => actions.changeRole(member, role)}
              />
            </Table.Td>
            <Table.Td>
              {member.lastSignInAt === null ? 'Never' : formatDateTime(member.lastSignInAt)}
            </Table.Td>
            <Table.Td ta="right">
              <Button
                size="xs"
                variant="subtle"
                color="red"
                disabled={!grantable.includes(member.role)}
                onClick={() => actions.requestRemove(member)}
                aria-label={`Remove ${member.email}`}
              >
                Remove
              </Button>
            </Table.Td>
          </Table.Tr>
        )}
      </ListTable>
      <Title order={2} size="h4">
        Pending invitations
      </Title>
      <QueryStatus query={invitations} title="Could not load the invitations" />
      <ListTable
        items={invitations.data}
        label="Pending invitations"
        headers={['Email', 'Role', 'Valid until', '']}
        empty={
          <Text size="sm" c="dimmed">
            No invitation is waiting to be accepted.
          </Text>
        }
      >
        {(invitation) => (
          <Table.Tr key={invitation.id}>
            <Table.Td>{invitation.email}</Table.Td>
            <Table.Td>
              <RoleBadge role={invitation.role} />
            </Table.Td>
            <Table.Td>{formatDateTime(invitation.expiresAt)}</Table.Td>
            <Table.Td ta="right">
              <Button
                size="xs"
                variant="subtle"
                color="red"
                onClick={() => actions.requestRevoke(invitation)}
                aria-label={`Revoke the invitation of ${invitation.email}`}
              >
                Revoke
              </Button>
            </Table.Td>
          </Table.Tr>
        )}
      </ListTable>
    </Stack>
  );
}
