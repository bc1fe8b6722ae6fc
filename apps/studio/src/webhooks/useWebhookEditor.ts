// Adding a webhook: its URL, the events it wants and a description; checked before it is sent, the server's
// refusal shown on the field it names. Once created, the answer's signing secret is kept here for the dialog to
// show that one time; nothing else keeps it.

import { useState } from 'react';
import type { CreatedWebhook, WebhookEventType } from '@marquee/management-api';
import type { FieldErrors } from '../common/fieldErrors';
import { useApiForm } from '../common/useApiForm';
import { useCreateWebhook } from './webhookApi';

export interface WebhookValues {
  url: string;
  events: WebhookEventType[];
  description: string;
}

const FIELDS = ['url', 'events', 'description'];

/** What is wrong with a receiver URL as typed, or null (the server checks it again). */
export function webhookUrlHint(url: string): string | null {
  const trimmed = url.trim();
  if (trimmed === '') return 'Enter the URL of your receiver';
  if (!/^https?:\/\/[^/\s]+/i.test(trimmed)) return 'Must be an http:// or https:// URL';
  return null;
}

export function useWebhookEditor() {
  const { values, errors, setErrors, set, refused } = useApiForm<WebhookValues>(
    { url: '', events: ['screen.offline', 'screen.online'], description: '' },
    FIELDS,
  );
  const create = useCreateWebhook();
  const [created, setCreated] = useState<CreatedWebhook | null>(null);

  return {
    values,
    errors,
    set,
    saving: create.isPending,
    /** The webhook just created, with its secret: shown once, then forgotten with the dialog. */
    created,
    submit() {
      const found: FieldErrors = {};
      const url = webhookUrlHint(values.url);
      if (url !== null) found.url = url;
      if (values.events.length === 0) found.events = 'Choose at least one event';
      setErrors(found);
      if (Object.keys(found).length > 0) return;
      const description = values.description.trim();
      create.mutate(
        { url: values.url.trim(), events: values.events, ...(description === '' ? {} : { description }) },
        { onSuccess: setCreated, onError: refused },
      );
    },
  };
}

export type WebhookEditor = ReturnType<typeof useWebhookEditor>;
