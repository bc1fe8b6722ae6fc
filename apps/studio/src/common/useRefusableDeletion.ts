// Deleting a named thing after asking, where the server may refuse (409 …_IN_USE, naming what still uses it): the
// refusal is kept on show until the operator deletes again or dismisses it. Playlists and layouts delete this way.

import { useState } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import { useConfirm } from './useConfirm';

export function useRefusableDeletion<T extends { id: string; name: string }>(
  what: string,
  remove: UseMutationResult<unknown, Error, string>,
  onDeleted: (thing: T) => void,
) {
  const confirm = useConfirm();
  const [refusal, setRefusal] = useState<string | null>(null);
  return {
    refusal,
    deleting: remove.isPending,
    dismiss: () => setRefusal(null),
    request: (thing: T) =>
      confirm(`Delete ${what}`, `Are you sure you want to delete ${thing.name}?`, () => {
        setRefusal(null);
        remove.mutate(thing.id, {
          onSuccess: () => onDeleted(thing),
          onError: (error) => setRefusal(error.message),
        });
      }),
  };
}
