import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  PAIRING_CODE_LENGTH,
  SCREEN_NAME_MAX_LENGTH,
  isPairingCode,
  normalizePairingCode,
  validateScreenName,
} from '@marquee/protocol';

export const PAIR_CODE_MESSAGE = `Enter the ${PAIRING_CODE_LENGTH}-character code the screen shows, e.g. K7P-4QX`;

export interface PairValues {
  code: string;
  name: string;
}

export interface PairFormProps {
  initialCode: string;
  onSubmit(values: { code: string; name?: string }): void;
  submitting: boolean;
  error: string | null;
}

export function PairForm({ initialCode, onSubmit, submitting, error }: PairFormProps) {
  const form = useForm<PairValues>({
    mode: 'controlled',
    initialValues: { code: initialCode, name: '' },
    validate: {
      code: (value) => (isPairingCode(value) ? null : PAIR_CODE_MESSAGE),
      name: (value) => {
        const result = validateScreenName(value);
        return result.ok ? null : result.error;
      },
    },
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit(({ code, name }) =>
        onSubmit({ code: normalizePairingCode(code), ...(name.trim() === '' ? {} : { name: name.trim() }) }),
      )}
    >
      <Stack gap="md">
        {error !== null && (
          <Alert color="red" variant="light" title="Could not pair the screen">
            {error}
          </Alert>
        )}
        <TextInput
          label="Pairing code"
          description="Shown in large letters on the screen"
          placeholder="K7P4QX"
          size="lg"
          autoComplete="off"
          styles={{ input: { fontFamily: 'monospace', letterSpacing: '0.2em', textTransform: 'uppercase' } }}
          {...form.getInputProps('code')}
        />
        <TextInput
          label="Screen name"
          description={`Optional, ${SCREEN_NAME_MAX_LENGTH} characters maximum, e.g. Front window`}
          placeholder="Front window"
          {...form.getInputProps('name')}
        />
        <Button type="submit" loading={submitting} size="md">
          Pair screen
        </Button>
      </Stack>
    </form>
  );
}
