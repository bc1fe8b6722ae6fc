import type { ReactNode } from 'react';
import { Alert, Stack, type MantineSpacing } from '@mantine/core';

/**
 * A form its hook checks and sends (so no browser validation): the fields, then the refusal that names none of
 * them (`error`), then the buttons.
 */
export function ApiForm({
  onSubmit,
  error,
  actions,
  gap = 'md',
  children,
}: {
  onSubmit(): void;
  error?: string | undefined;
  actions: ReactNode;
  gap?: MantineSpacing;
  children: ReactNode;
}) {
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <Stack gap={gap}>
        {children}
        {error !== undefined && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        {actions}
      </Stack>
    </form>
  );
}
