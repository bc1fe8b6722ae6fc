import { Alert, Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import type { Role } from '@marquee/management-api';
import { OnceReveal } from '../common/OnceReveal';
import { formatDateTime } from '../common/time';
import { ROLE_LABELS } from '../constants';
import { useInviteForm } from './useInviteForm';

/** Invite someone: their email and role, then the invitation link, shown this once. */
export function InviteDialog({ roles, onClose }: { roles: Role[]; onClose(): void }) {
  const invite = useInviteForm(roles.includes('editor') ? 'editor' : 'viewer');
  const { form, created } = invite;
  return (
    <Modal opened onClose={onClose} title="Invite a member" size="lg">
      {created !== null ? (
        <OnceReveal
          title="Copy the invitation link now"
          value={created.url}
          copyLabel="Copy link"
          testId="invitation-link"
          onDone={onClose}
        >
          It will not be shown again. Send it to {created.email}: it is valid until{' '}
          {formatDateTime(created.expiresAt)}.
          {created.emailed && ` We have also emailed it to ${created.email}.`}
        </OnceReveal>
      ) : (
        <form onSubmit={invite.onSubmit} noValidate>
          <Stack>
            {invite.error !== null && (
              <Alert color="red" variant="light" title="Could not invite">
                {invite.error}
              </Alert>
            )}
            <TextInput
              label="Email"
              type="email"
              placeholder="colleague@example.com"
              data-autofocus
              {...form.getInputProps('email')}
            />
            <Select
              label="Role"
              data={roles.map((role) => ({ value: role, label: ROLE_LABELS[role] }))}
              allowDeselect={false}
              {...form.getInputProps('role')}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={invite.submitting}>
                Invite
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
