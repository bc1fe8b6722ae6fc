import { useState } from 'react';
import { Paper, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate, useSearchParams } from 'react-router';
import { useServices } from '../api/context';
import { usePairScreen } from '../api/queries';
import { PageHeader } from '../common/PageHeader';
import { PairForm } from './PairForm';
import { AllowedFieldset } from '../access/AllowedFieldset';

export function PairPage() {
  const { config } = useServices();
  const [params] = useSearchParams();
  const pair = usePairScreen();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <PageHeader
        title="Pair a screen"
        description="Connect a display to your organisation with the code it shows."
      />
      <Paper withBorder radius="md" p="xl" maw={520}>
        <Text size="sm" c="dimmed" mb="md">
          On the display, open <strong>{config.playerUrl}</strong> in a browser. It shows a pairing code and a
          QR code; scanning the QR code with your phone fills in this form for you.
        </Text>
        <AllowedFieldset route="pairScreen" what="pair screens">
          <PairForm
            initialCode={params.get('code') ?? ''}
            submitting={pair.isPending}
            error={error}
            onSubmit={(values) => {
              setError(null);
              pair.mutate(values, {
                onSuccess: (screen) => {
                  notifications.show({
                    color: 'teal',
                    title: 'Screen paired',
                    message: `${screen.name} is now part of your organisation.`,
                  });
                  void navigate(`/screens/${screen.id}`);
                },
                onError: (failure) => setError(failure.message),
              });
            }}
          />
        </AllowedFieldset>
      </Paper>
    </>
  );
}
