// Changing one's own password: the current one, a new one meeting the policy; the answer is a fresh session
// (every other session of the member ends), kept as a sign-in's is.

import { useForm } from '@mantine/form';
import type { PasswordPolicy } from '@marquee/protocol';
import { useChangePassword } from '../api/passwords';
import { MESSAGES, validateNewPassword } from '../auth/validation';

export function useChangePasswordForm(policy: PasswordPolicy, onDone: () => void) {
  const change = useChangePassword();
  const form = useForm({
    mode: 'controlled',
    initialValues: { currentPassword: '', newPassword: '' },
    validate: {
      currentPassword: (value) => (value === '' ? MESSAGES.passwordMissing : null),
      newPassword: (value) => validateNewPassword(value, policy),
    },
  });
  return {
    form,
    submitting: change.isPending,
    error: change.error?.message ?? null,
    onSubmit: form.onSubmit((values) => change.mutate(values, { onSuccess: onDone })),
  };
}
