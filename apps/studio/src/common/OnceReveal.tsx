// A secret shown this once (an API key, an invitation link): the value, a copy button, and what to do with it.

import type { ReactNode } from 'react';
import { Alert, Button, Code, CopyButton, Group, Stack } from '@mantine/core';

export function OnceReveal({
  title,
  value,
  copyLabel,
  testId,
  children,
  onDone,
}: {
  title: string;
  value: string;
  copyLabel: string;
  testId: string;
  /** What the reader should know: it will not be shown again, where it was sent… */
  children: ReactNode;
  onDone(): void;
}) {
  return (
    <Stack>
      <Alert color="yellow" title={title}>
        {children}
      </Alert>
      <Code block data-testid={testId} style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
        {value}
      </Code>
      <Group justify="space-between">
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Button variant="default" onClick={copy}>
              {copied ? 'Copied' : copyLabel}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onDone}>Done</Button>
      </Group>
    </Stack>
  );
}
