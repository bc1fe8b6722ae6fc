// Alert rules (docs/screen-health.md §Alert rules): when a targeted screen has been offline for the rule's
// threshold, one alert per outage goes to the rule's webhooks and email addresses, and a recovery notice when it is
// back if the rule asks for it and an alert went out.

import { z } from 'zod';
import { GroupIdSchema, SCREEN_ID_PATTERN, SERVER_ID_PATTERN } from './ids';

export const ALERT_RULE_NAME_MAX_LENGTH = 120;
export const MIN_OFFLINE_AFTER_SECONDS = 60;
export const MAX_OFFLINE_AFTER_SECONDS = 172_800;
export const MAX_ALERT_EMAILS = 50;
export const MAX_ALERT_WEBHOOKS = 20;
export const MAX_ALERT_TARGET_IDS = 20_000;

// Deliberately plain: one @, no spaces, a dot in the domain; the SMTP server is the final judge.
const EMAIL_PATTERN = /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]+$/;

const name = z.string().trim().min(1, 'must not be empty').max(ALERT_RULE_NAME_MAX_LENGTH);
const emails = z
  .array(z.string().trim().max(254).regex(EMAIL_PATTERN, 'must be an email address'))
  .max(MAX_ALERT_EMAILS)
  .transform((list) => [...new Set(list.map((email) => email.toLowerCase()))]);
const webhookIds = z
  .array(z.string().regex(SERVER_ID_PATTERN, 'must be a webhook id'))
  .max(MAX_ALERT_WEBHOOKS)
  .transform((list) => [...new Set(list)]);

export const AlertTargetsSchema = z.union([
  z.strictObject({ all: z.literal(true) }),
  z
    .strictObject({
      screenIds: z
        .array(z.string().regex(SCREEN_ID_PATTERN, 'must be a screen id'))
        .max(MAX_ALERT_TARGET_IDS)
        .optional(),
      groupIds: z.array(GroupIdSchema).max(MAX_ALERT_TARGET_IDS).optional(),
    })
    .refine(
      (targets) => (targets.screenIds?.length ?? 0) + (targets.groupIds?.length ?? 0) > 0,
      'must name screenIds or groupIds, or be {all: true}',
    ),
]);
export type AlertTargets = z.output<typeof AlertTargetsSchema>;

const fields = {
  name,
  targets: AlertTargetsSchema,
  offlineAfterSeconds: z.int().min(MIN_OFFLINE_AFTER_SECONDS).max(MAX_OFFLINE_AFTER_SECONDS),
  notifyRecovery: z.boolean(),
  webhookIds: webhookIds.optional(),
  emails: emails.optional(),
};

export const AlertRuleRequestSchema = z.strictObject({
  ...fields,
  notifyRecovery: fields.notifyRecovery.default(true),
});
export type AlertRuleRequest = z.output<typeof AlertRuleRequestSchema>;

export const AlertRulePatchSchema = z
  .strictObject({
    name: fields.name.optional(),
    targets: fields.targets.optional(),
    offlineAfterSeconds: fields.offlineAfterSeconds.optional(),
    notifyRecovery: fields.notifyRecovery.optional(),
    webhookIds: fields.webhookIds,
    emails: fields.emails,
  })
  .refine((patch) => Object.keys(patch).length > 0, 'must change at least one field');
export type AlertRulePatch = z.output<typeof AlertRulePatchSchema>;

export const AlertRuleViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  targets: z.object({
    all: z.boolean(),
    screenIds: z.array(z.string()),
    groupIds: z.array(z.string()),
  }),
  offlineAfterSeconds: z.number(),
  notifyRecovery: z.boolean(),
  webhookIds: z.array(z.string()),
  emails: z.array(z.string()),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type AlertRuleView = z.output<typeof AlertRuleViewSchema>;

export const AlertRuleListSchema = z.object({ alertRules: z.array(AlertRuleViewSchema) });
