import { Alert, Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { OnceReveal } from '../common/OnceReveal';
import { ROLE_LABELS } from '../constants';
import { useCreateApiKeyForm, type KeyRole } from './useCreateApiKeyForm';

/** A new API key: its name and role, then the key itself, shown this once. */
export function ApiKeyDialog({ roles, onClose }: { roles: KeyRole[]; onClose(): void }) {
  const create = useCreateApiKeyForm(roles.includes('editor') ? 'editor' : 'viewer');
  const { form, created } = create;
  return (
    <Modal opened onClose={onClose} title="New API key" size="lg">
      {created !== null ? (
        <OnceReveal
          title="Copy the key now"
          value={created.key}
          copyLabel="Copy key"
          testId="api-key"
          onDone={onClose}
        >
          It will not be shown again: we keep only a hash of it. Your integration sends it as Authorization:
          Bearer &lt;key&gt;. Lost it? Revoke it and make another.
        </OnceReveal>
      ) : (
        <form onSubmit={create.onSubmit} noValidate>
          <Stack>
            {create.error !== null && (
              <Alert color="red" variant="light" title="Could not make the key">
                {create.error}
              </Alert>
            )}
            <TextInput
              label="Name"
              placeholder="Room booking system"
              data-autofocus
              {...form.getInputProps('name')}
            />
            <Select
              label="Role"
              description="What the key may do: at most your own role."
              data={roles.map((role) => ({ value: role, label: ROLE_LABELS[role] }))}
              allowDeselect={false}
              {...form.getInputProps('role')}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={create.submitting}>
                Create key
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
