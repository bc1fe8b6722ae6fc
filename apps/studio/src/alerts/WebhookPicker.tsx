import { MultiSelect, Text } from '@mantine/core';
import type { Webhooks } from './alertRulesApi';

export interface WebhookPickerProps {
  webhooks: Webhooks | undefined;
  value: string[];
  onChange(ids: string[]): void;
  error?: string;
}

/** The organisation's webhooks to notify; an empty state when there are none (or the server has none). */
export function WebhookPicker({ webhooks, value, onChange, error }: WebhookPickerProps) {
  if (webhooks === undefined) return null;
  if (webhooks.webhooks.length === 0)
    return (
      <Text size="sm" c="dimmed" data-testid="webhooks-empty">
        {webhooks.available
          ? 'No webhooks yet. Add one to have alerts posted to your own systems.'
          : 'This server does not offer webhooks yet: alerts go to the email addresses below.'}
      </Text>
    );
  return (
    <MultiSelect
      label="Webhooks"
      placeholder="Choose webhooks"
      data={webhooks.webhooks.map((webhook) => ({ value: webhook.id, label: webhook.url }))}
      value={value}
      onChange={onChange}
      error={error}
      searchable
    />
  );
}
