import { Modal } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { AlertRuleView } from '@marquee/management-api';
import { useGroups } from '../api/groups';
import { useWebhooks } from '../webhooks/webhookApi';
import { AlertRuleForm } from './AlertRuleForm';
import { useAlertRuleEditor } from './useAlertRuleEditor';

/** Creates an alert rule (`rule` null) or changes one. */
export function AlertRuleDialog({ rule, onClose }: { rule: AlertRuleView | null; onClose(): void }) {
  const groups = useGroups();
  const webhooks = useWebhooks();
  const editor = useAlertRuleEditor(rule, (saved) => {
    notifications.show({ color: 'teal', title: 'Alert rule saved', message: saved.name });
    onClose();
  });
  return (
    <Modal opened onClose={onClose} title={rule === null ? 'New alert rule' : `Edit ${rule.name}`} size="lg">
      <AlertRuleForm editor={editor} groups={groups.data ?? []} webhooks={webhooks.data} />
    </Modal>
  );
}
