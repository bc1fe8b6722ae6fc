import { Alert, Button } from '@mantine/core';

export function QueryError({
  error,
  onRetry,
  title = 'Could not load this',
}: {
  error: unknown;
  onRetry?: () => void;
  title?: string;
}) {
  return (
    <Alert color="red" variant="light" title={title} role="alert">
      {error instanceof Error ? error.message : String(error)}
      {onRetry !== undefined && (
        <div style={{ marginTop: 8 }}>
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            Try again
          </Button>
        </div>
      )}
    </Alert>
  );
}
