// The new-key form: a name and a role the maker may give (never owner); the created key is kept until the maker
// closes it, and shown this once.

import { useState } from 'react';
import { useForm } from '@mantine/form';
import type { ApiKeyRequest, CreatedApiKey } from '@marquee/management-api';
import { useCreateApiKey } from '../api/apiKeys';

export type KeyRole = ApiKeyRequest['role'];

export function useCreateApiKeyForm(defaultRole: KeyRole) {
  const create = useCreateApiKey();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const form = useForm<{ name: string; role: KeyRole }>({
    mode: 'controlled',
    initialValues: { name: '', role: defaultRole },
    validate: {
      name: (value) => (value.trim() === '' ? 'Name the key, e.g. the system that uses it' : null),
    },
  });
  return {
    form,
    created,
    submitting: create.isPending,
    error: create.error?.message ?? null,
    onSubmit: form.onSubmit(({ name, role }) =>
      create.mutate({ name: name.trim(), role }, { onSuccess: setCreated }),
    ),
  };
}
