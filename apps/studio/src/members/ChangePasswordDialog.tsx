import { Alert, Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { usePasswordPolicy } from '../api/queries';
import { useChangePasswordForm } from './useChangePasswordForm';

export function ChangePasswordDialog({ onClose }: { onClose(): void }) {
  const policy = usePasswordPolicy();
  const change = useChangePasswordForm(policy, () => {
    notifications.show({
      color: 'teal',
      title: 'Password changed',
      message: 'You are signed out everywhere else.',
    });
    onClose();
  });
  return (
    <Modal opened onClose={onClose} title="Change password">
      <form onSubmit={change.onSubmit} noValidate>
        <Stack>
          {change.error !== null && (
            <Alert color="red" variant="light" title="Password not changed">
              {change.error}
            </Alert>
          )}
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            {...change.form.getInputProps('currentPassword')}
          />
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            {...change.form.getInputProps('newPassword')}
          />
          <Text size="xs" c="dimmed">
            Your other sessions (other browsers and devices) are signed out.
          </Text>
          <Group justify="flex-end">
            <Button type="submit" loading={change.submitting}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
