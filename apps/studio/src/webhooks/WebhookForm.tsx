import { Button, Checkbox, Group, Stack, TextInput } from '@mantine/core';
import type { WebhookEventType } from '@marquee/management-api';
import { ApiForm } from '../common/ApiForm';
import { WEBHOOK_EVENT_LABELS } from '../constants';
import type { WebhookEditor } from './useWebhookEditor';

const EVENTS = Object.keys(WEBHOOK_EVENT_LABELS) as WebhookEventType[];

export function WebhookForm({ editor }: { editor: WebhookEditor }) {
  const { values, errors } = editor;
  return (
    <ApiForm
      onSubmit={editor.submit}
      error={errors.form}
      actions={
        <Group justify="flex-end">
          <Button type="submit" loading={editor.saving}>
            Add webhook
          </Button>
        </Group>
      }
    >
      <TextInput
        label="URL"
        description="Receivers on your own network and on localhost are fine"
        placeholder="https://example.com/marquee-events"
        value={values.url}
        error={errors.url}
        onChange={(event) => editor.set('url', event.currentTarget.value)}
        data-autofocus
      />
      <Checkbox.Group
        label="Events"
        value={values.events}
        error={errors.events}
        onChange={(events) => editor.set('events', events as WebhookEventType[])}
      >
        <Stack gap={6} mt="xs">
          {EVENTS.map((event) => (
            <Checkbox key={event} value={event} label={`${event}: ${WEBHOOK_EVENT_LABELS[event]}`} />
          ))}
        </Stack>
      </Checkbox.Group>
      <TextInput
        label="Description"
        placeholder="On-call pager"
        value={values.description}
        error={errors.description}
        onChange={(event) => editor.set('description', event.currentTarget.value)}
      />
    </ApiForm>
  );
}
