// The invite form: an email and a role the inviter may give, checked before the call; the created invitation (its
// link shown this once) is kept until the inviter closes it.

import { useState } from 'react';
import { useForm } from '@mantine/form';
import type { CreatedInvitation } from '@marquee/management-api';
import type { Role } from '@marquee/management-api';
import { useInvite } from '../api/members';
import { validateEmail } from '../auth/validation';

export function useInviteForm(defaultRole: Role) {
  const invite = useInvite();
  const [created, setCreated] = useState<CreatedInvitation | null>(null);
  const form = useForm<{ email: string; role: Role }>({
    mode: 'controlled',
    initialValues: { email: '', role: defaultRole },
    validate: { email: validateEmail },
  });
  return {
    form,
    created,
    submitting: invite.isPending,
    error: invite.error?.message ?? null,
    onSubmit: form.onSubmit(({ email, role }) =>
      invite.mutate({ email: email.trim(), role }, { onSuccess: setCreated }),
    ),
  };
}
