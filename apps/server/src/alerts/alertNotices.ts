// What an alert says, for every channel (webhook data, email text): one offline alert, one recovery, a fleet
// incident and its end. Times are UTC ISO strings in webhooks; emails name them in UTC too (a rule has no zone).

import type { WebhookEventType } from '@marquee/management-api';
import type { AlertRule } from './alertRuleService';

export type AlertNotice =
  | { kind: 'offline'; rule: AlertRule; screenId: string; screenName: string; since: number }
  | { kind: 'online'; rule: AlertRule; screenId: string; screenName: string; since: number; at: number }
  | {
      kind: 'incident';
      incidentId: string;
      orgId: string;
      startedAt: number;
      screens: { id: string; name: string }[];
      fleetSize: number;
    }
  | {
      kind: 'incident-recovered';
      incidentId: string;
      orgId: string;
      startedAt: number;
      recoveredAt: number;
      screens: { id: string; name: string }[];
      fleetSize: number;
    };

const iso = (ms: number) => new Date(ms).toISOString();

export function eventOf(notice: AlertNotice): WebhookEventType {
  if (notice.kind === 'offline') return 'screen.offline';
  if (notice.kind === 'online') return 'screen.online';
  return 'fleet.incident';
}

/** The idempotency id: the same notice noticed by two nodes is one event. */
export function eventIdOf(notice: AlertNotice): string {
  switch (notice.kind) {
    case 'offline':
      return `alert.offline:${notice.rule.id}:${notice.screenId}:${notice.since}`;
    case 'online':
      return `alert.online:${notice.rule.id}:${notice.screenId}:${notice.since}`;
    case 'incident':
      return `fleet.incident:${notice.incidentId}`;
    case 'incident-recovered':
      return `fleet.incident.recovered:${notice.incidentId}`;
  }
}

const ruleData = (rule: AlertRule) => ({
  id: rule.id,
  name: rule.name,
  offlineAfterSeconds: rule.offlineAfterSeconds,
});

export function dataOf(notice: AlertNotice): Record<string, unknown> {
  switch (notice.kind) {
    case 'offline':
      return {
        rule: ruleData(notice.rule),
        screen: { id: notice.screenId, name: notice.screenName },
        state: 'offline',
        offlineSince: iso(notice.since),
      };
    case 'online':
      return {
        rule: ruleData(notice.rule),
        screen: { id: notice.screenId, name: notice.screenName },
        state: 'online',
        offlineSince: iso(notice.since),
        onlineAt: iso(notice.at),
      };
    case 'incident':
    case 'incident-recovered':
      return {
        incidentId: notice.incidentId,
        status: notice.kind === 'incident' ? 'open' : 'recovered',
        startedAt: iso(notice.startedAt),
        ...(notice.kind === 'incident-recovered' ? { recoveredAt: iso(notice.recoveredAt) } : {}),
        screenCount: notice.screens.length,
        fleetSize: notice.fleetSize,
        screens: notice.screens,
      };
  }
}

/** One line of an email about `notice`. */
export function lineOf(notice: AlertNotice): string {
  switch (notice.kind) {
    case 'offline':
      return `${notice.screenName} is offline since ${iso(notice.since)} (rule "${notice.rule.name}").`;
    case 'online':
      return `${notice.screenName} is back online at ${iso(notice.at)}, offline since ${iso(notice.since)} (rule "${notice.rule.name}").`;
    case 'incident':
      return `Fleet incident: ${notice.screens.length} of ${notice.fleetSize} screens went offline from ${iso(notice.startedAt)}: ${notice.screens.map((screen) => screen.name).join(', ')}.`;
    case 'incident-recovered':
      return `Fleet incident over: the ${notice.screens.length} screens offline since ${iso(notice.startedAt)} are back (${iso(notice.recoveredAt)}).`;
  }
}

/** The subject of an email carrying `notices`: what they say, counted. */
export function subjectOf(notices: readonly AlertNotice[]): string {
  const offline = notices.filter((notice) => notice.kind === 'offline').length;
  const online = notices.filter((notice) => notice.kind === 'online').length;
  const incidents = notices.filter((notice) => notice.kind === 'incident');
  const parts: string[] = [];
  if (incidents.length > 0)
    parts.push(
      `fleet incident (${incidents.reduce((sum, notice) => sum + notice.screens.length, 0)} screens offline)`,
    );
  if (offline > 0) parts.push(offline === 1 ? '1 screen offline' : `${offline} screens offline`);
  if (online > 0) parts.push(online === 1 ? '1 screen back online' : `${online} screens back online`);
  if (notices.some((notice) => notice.kind === 'incident-recovered')) parts.push('fleet incident over');
  return `Marquee: ${parts.join(', ')}`;
}
