import { Alert } from '@mantine/core';

/** Why a delete was refused (a 409 names what still uses it), kept on show until dismissed. */
export function DeleteRefusal({ message, onClose }: { message: string | null | undefined; onClose(): void }) {
  if (message === null || message === undefined) return null;
  return (
    <Alert color="red" variant="light" title="Not deleted" withCloseButton onClose={onClose} role="alert">
      {message}
    </Alert>
  );
}
