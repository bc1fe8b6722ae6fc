import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';

/** The signing secret of a webhook just created: shown this once, with a copy button. */
export function SecretReveal({ secret, onDone }: { secret: string; onDone(): void }) {
  return (
    <Stack>
      <Alert color="yellow" title="Copy the signing secret now">
        It will not be shown again. Your receiver checks the Marquee-Signature header of each delivery with
        it.
      </Alert>
      <Code block data-testid="webhook-secret">
        {secret}
      </Code>
      <Group justify="space-between">
        <CopyButton value={secret}>
          {({ copied, copy }) => (
            <Button variant="default" onClick={copy}>
              {copied ? 'Copied' : 'Copy secret'}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onDone}>Done</Button>
      </Group>
      <Text size="xs" c="dimmed">
        Lost it? Delete the webhook and add it again for a new secret.
      </Text>
    </Stack>
  );
}
