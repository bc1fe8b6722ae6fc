// Creating or changing an alert rule: its name, screens, threshold (a number and a unit), whether to tell when the
// screen is back, and where to send it (webhooks chosen from the organisation's, email addresses); checked before
// it is sent, the server's refusal shown on the field it names.

import type { AlertRuleView } from '@marquee/management-api';
import type { FieldErrors } from '../common/fieldErrors';
import { nameProblem } from '../common/names';
import { useApiForm } from '../common/useApiForm';
import { DEFAULT_OFFLINE_AFTER_SECONDS } from '../constants';
import { NO_TARGETS, targetsInputOf, targetsProblem, type TargetsValue } from '../targets/targets';
import { useSaveAlertRule } from './alertRulesApi';
import { secondsOf, thresholdOf, thresholdProblem, type ThresholdValue } from './threshold';

export interface AlertRuleValues {
  name: string;
  targets: TargetsValue;
  threshold: ThresholdValue;
  notifyRecovery: boolean;
  webhookIds: string[];
  emails: string[];
}

const FIELDS = ['name', 'targets', 'offlineAfterSeconds', 'notifyRecovery', 'webhookIds', 'emails'];
// As plain as the server's check: one @, no spaces, a dot after it.
const EMAIL_PATTERN = /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]+$/;

export function emailsProblem(emails: readonly string[]): string | null {
  const bad = emails.find((email) => !EMAIL_PATTERN.test(email));
  return bad === undefined ? null : `${bad} is not an email address`;
}

function initialValues(rule: AlertRuleView | null): AlertRuleValues {
  return {
    name: rule?.name ?? '',
    targets: rule === null ? { ...NO_TARGETS, all: true } : rule.targets,
    threshold: thresholdOf(rule?.offlineAfterSeconds ?? DEFAULT_OFFLINE_AFTER_SECONDS),
    notifyRecovery: rule?.notifyRecovery ?? true,
    webhookIds: rule?.webhookIds ?? [],
    emails: rule?.emails ?? [],
  };
}

export function useAlertRuleEditor(rule: AlertRuleView | null, onSaved: (rule: AlertRuleView) => void) {
  const { values, errors, setErrors, set, refused } = useApiForm<AlertRuleValues>(
    () => initialValues(rule),
    FIELDS,
  );
  const save = useSaveAlertRule();
  return {
    values,
    errors,
    saving: save.isPending,
    set,
    submit() {
      const found: FieldErrors = {};
      const name = nameProblem(values.name, 'Lobby screens');
      const targets = targetsProblem(values.targets);
      const threshold = thresholdProblem(values.threshold);
      const emails = emailsProblem(values.emails);
      if (name !== null) found.name = name;
      if (targets !== null) found.targets = targets;
      if (threshold !== null) found.offlineAfterSeconds = threshold;
      if (emails !== null) found.emails = emails;
      setErrors(found);
      if (Object.keys(found).length > 0) return;
      const body = {
        name: values.name.trim(),
        targets: targetsInputOf(values.targets),
        offlineAfterSeconds: secondsOf(values.threshold)!,
        notifyRecovery: values.notifyRecovery,
        webhookIds: values.webhookIds,
        emails: values.emails,
      };
      save.mutate({ id: rule?.id ?? null, body }, { onSuccess: onSaved, onError: refused });
    },
  };
}

export type AlertRuleEditor = ReturnType<typeof useAlertRuleEditor>;
