import { Modal } from '@mantine/core';
import { SecretReveal } from './SecretReveal';
import { useWebhookEditor } from './useWebhookEditor';
import { WebhookForm } from './WebhookForm';

/** Adds a webhook, then shows its secret once; closing forgets it. */
export function WebhookDialog({ onClose }: { onClose(): void }) {
  const editor = useWebhookEditor();
  return (
    <Modal
      opened
      onClose={onClose}
      title={editor.created === null ? 'New webhook' : 'Webhook added'}
      size="lg"
      // Closing by a stray click would lose the secret before it is copied.
      closeOnClickOutside={editor.created === null}
    >
      {editor.created === null ? (
        <WebhookForm editor={editor} />
      ) : (
        <SecretReveal secret={editor.created.secret} onDone={onClose} />
      )}
    </Modal>
  );
}
