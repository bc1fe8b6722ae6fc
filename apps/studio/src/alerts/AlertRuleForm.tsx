import { Button, Checkbox, Group as Row, NumberInput, Select, TagsInput, TextInput } from '@mantine/core';
import type { Group } from '../api/types';
import { ApiForm } from '../common/ApiForm';
import { THRESHOLD_UNITS } from '../constants';
import { TargetsInput } from '../targets/TargetsInput';
import type { WebhookChoice } from './WebhookPicker';
import type { ThresholdUnit } from './threshold';
import type { AlertRuleEditor } from './useAlertRuleEditor';
import { WebhookPicker } from './WebhookPicker';

export interface AlertRuleFormProps {
  editor: AlertRuleEditor;
  groups: Group[];
  webhooks: WebhookChoice[] | undefined;
}

export function AlertRuleForm({ editor, groups, webhooks }: AlertRuleFormProps) {
  const { values, errors } = editor;
  return (
    <ApiForm
      onSubmit={editor.submit}
      error={errors.form}
      actions={
        <Row justify="flex-end">
          <Button type="submit" loading={editor.saving}>
            Save alert rule
          </Button>
        </Row>
      }
    >
      <TextInput
        label="Name"
        placeholder="Lobby screens"
        value={values.name}
        error={errors.name}
        onChange={(event) => editor.set('name', event.currentTarget.value)}
        data-autofocus
      />
      <TargetsInput
        value={values.targets}
        groups={groups}
        error={errors.targets}
        onChange={(targets) => editor.set('targets', targets)}
      />
      <Row align="flex-start" gap="xs">
        <NumberInput
          label="Alert when offline for"
          min={0}
          value={values.threshold.amount}
          error={errors.offlineAfterSeconds}
          onChange={(amount) =>
            editor.set('threshold', { ...values.threshold, amount: typeof amount === 'number' ? amount : '' })
          }
        />
        <Select
          label="Unit"
          data={THRESHOLD_UNITS.map(({ value, label }) => ({ value, label }))}
          value={values.threshold.unit}
          allowDeselect={false}
          onChange={(unit) =>
            unit !== null && editor.set('threshold', { ...values.threshold, unit: unit as ThresholdUnit })
          }
        />
      </Row>
      <Checkbox
        label="Tell me when the screen is back"
        checked={values.notifyRecovery}
        onChange={(event) => editor.set('notifyRecovery', event.currentTarget.checked)}
      />
      <WebhookPicker
        webhooks={webhooks}
        value={values.webhookIds}
        error={errors.webhookIds}
        onChange={(ids) => editor.set('webhookIds', ids)}
      />
      <TagsInput
        label="Email addresses"
        description="Alerts due within 30 seconds for one address arrive in one email"
        placeholder="ops@example.com"
        value={values.emails}
        error={errors.emails}
        onChange={(emails) =>
          editor.set(
            'emails',
            emails.map((email) => email.trim()),
          )
        }
      />
    </ApiForm>
  );
}
