import { MultiSelect, Text } from '@mantine/core';

/** A webhook as the picker shows it (the fields of GET /webhooks it reads). */
export interface WebhookChoice {
  id: string;
  url: string;
}

export interface WebhookPickerProps {
  webhooks: WebhookChoice[] | undefined;
  value: string[];
  onChange(ids: string[]): void;
  error?: string;
}

/** The organisation's webhooks to notify; an empty state when there are none. */
export function WebhookPicker({ webhooks, value, onChange, error }: WebhookPickerProps) {
  if (webhooks === undefined) return null;
  if (webhooks.length === 0)
    return (
      <Text size="sm" c="dimmed" data-testid="webhooks-empty">
        No webhooks yet. Add one on the Webhooks page to have alerts posted to your own systems.
      </Text>
    );
  return (
    <MultiSelect
      label="Webhooks"
      placeholder="Choose webhooks"
      data={webhooks.map((webhook) => ({ value: webhook.id, label: webhook.url }))}
      value={value}
      onChange={onChange}
      error={error}
      searchable
    />
  );
}
