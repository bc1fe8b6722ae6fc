// The alert engine (docs/screen-health.md §Alert rules): run after each health sweep (every 10 s), it claims in the
// database what it sends, so an alert goes out once per outage whichever node and however many restarts:
// - an outage is identified by when the screen was last seen; a rule's alert is due once the screen has been
//   silent for the rule's threshold, and claimed by inserting the (rule, screen, outage) row;
// - a recovery notice only for an outage whose alert went out, when the rule asks for it;
// - a mass outage is one fleet incident (at most one open per organisation: a partial unique index), whose screens
//   get no alert of their own, and one notice when they are all back.
// Nothing is sent during the start grace (healthMonitor.ts).

import type { Kysely } from 'kysely';
import { MIN_OFFLINE_AFTER_SECONDS } from '@marquee/management-api';
import type { Database, ScreenHealth } from '../db/schema';
import { isUniqueViolation } from '../db/database';
import { parseStringList, screensOfTargets } from '../groups/membership';
import type { SweepResult } from '../health/healthMonitor';
import { lastSeenOf, type Presence } from '../health/presence';
import { newId } from '../ids';
import type { WebhookEventSink } from '../webhooks/webhookEventSink';
import type { AlertMailer } from './alertMailer';
import { dataOf, eventIdOf, eventOf, type AlertNotice } from './alertNotices';
import type { AlertRule, AlertRuleService } from './alertRuleService';
import { MASS_OUTAGE_WINDOW_MS, massOutage, type SilentScreen } from './massOutage';

export interface AlertEngineOptions {
  db: Kysely<Database>;
  rules: Pick<AlertRuleService, 'all'>;
  events: WebhookEventSink;
  /** Null without MARQUEE_SMTP_URL: rules' emails are not sent. */
  mailer: AlertMailer | null;
  onError: (error: unknown, context: string) => void;
}

interface ScreenNow {
  presence: Presence;
  /** When last seen (the outage's identity while silent). */
  seen: number;
  /** Not connected: how long it has been silent; 0 while connected. */
  silentMs: number;
}

export class AlertEngine {
  private readonly db: Kysely<Database>;

  constructor(private readonly options: AlertEngineOptions) {
    this.db = options.db;
  }

  /** Acts on what a sweep saw: incidents first (they hold back their screens' alerts), then alerts, recoveries. */
  async evaluate(sweep: SweepResult): Promise<void> {
    if (sweep.inGrace) return;
    const rules = await this.options.rules.all();
    if (rules.length === 0) return;
    const byOrg = new Map<string, AlertRule[]>();
    for (const rule of rules) byOrg.set(rule.orgId, [...(byOrg.get(rule.orgId) ?? []), rule]);
    const health = await sweep.health();
    for (const [orgId, orgRules] of byOrg) {
      try {
        await this.evaluateOrg(orgId, orgRules, sweep, health);
      } catch (error) {
        this.options.onError(error, `alerts of organisation ${orgId}`);
      }
    }
  }

  private async evaluateOrg(
    orgId: string,
    rules: AlertRule[],
    sweep: SweepResult,
    health: Map<string, ScreenHealth>,
  ): Promise<void> {
    const { now } = sweep;
    const screens = new Map<string, ScreenNow>();
    for (const presence of sweep.presence) {
      if (presence.orgId !== orgId) continue;
      const stored = health.get(presence.screenId)?.last_seen_at ?? 0;
      const seen = Math.max(lastSeenOf(presence, now) ?? presence.createdAt, stored);
      screens.set(presence.screenId, {
        presence,
        seen,
        silentMs: presence.connected ? 0 : Math.max(0, now - seen),
      });
    }
    const targeted = new Map<string, Set<string>>();
    for (const rule of rules) targeted.set(rule.id, await screensOfTargets(this.db, orgId, rule.targets));
    const incident = await this.incidents(orgId, rules, targeted, screens, now);
    for (const rule of rules) {
      for (const screenId of targeted.get(rule.id) ?? []) {
        const screen = screens.get(screenId);
        if (screen === undefined || screen.silentMs < rule.offlineAfterSeconds * 1000) continue;
        // An incident speaks for its screens and for those that join it within its window.
        const suppressed =
          incident !== null &&
          (incident.screenIds.has(screenId) ||
            (screen.seen >= incident.startedAt && screen.seen <= incident.startedAt + MASS_OUTAGE_WINDOW_MS));
        await this.alert(rule, screen, now, suppressed ? incident.id : null);
      }
    }
    await this.recoveries(orgId, rules, screens, now);
  }

  /** Opens the organisation's incident when a mass outage began, closes it when its screens are back. */
  private async incidents(
    orgId: string,
    rules: AlertRule[],
    targeted: Map<string, Set<string>>,
    screens: Map<string, ScreenNow>,
    now: number,
  ): Promise<{ id: string; startedAt: number; screenIds: Set<string> } | null> {
    const open = await this.db
      .selectFrom('fleet_incidents')
      .selectAll()
      .where('org_id', '=', orgId)
      .where('recovered_at', 'is', null)
      .executeTakeFirst();
    const nameOf = (id: string) => ({ id, name: screens.get(id)?.presence.name ?? id });
    const recipients = (ids: readonly string[]) =>
      rules.filter((rule) => ids.some((id) => targeted.get(rule.id)?.has(id)));
    if (open !== undefined) {
      const ids = parseStringList(open.screen_ids);
      // Every screen was silent when the incident was announced: seen since, it is back (or unpaired: gone).
      const back = ids.every((id) => {
        const screen = screens.get(id);
        return screen === undefined || screen.seen > open.announced_at;
      });
      if (!back) return { id: open.id, startedAt: open.started_at, screenIds: new Set(ids) };
      const closed = await this.db
        .updateTable('fleet_incidents')
        .set({ recovered_at: now })
        .where('id', '=', open.id)
        .where('recovered_at', 'is', null)
        .executeTakeFirst();
      if (Number(closed.numUpdatedRows) === 1) {
        await this.deliver(recipients(ids), {
          kind: 'incident-recovered',
          incidentId: open.id,
          orgId,
          startedAt: open.started_at,
          recoveredAt: now,
          screens: ids.map(nameOf),
          fleetSize: screens.size,
        });
      }
      return null;
    }
    // Silent as long as the shortest rule threshold: the incident is decided before any alert of its screens.
    const silent: SilentScreen[] = [...screens.values()]
      .filter((screen) => screen.silentMs >= MIN_OFFLINE_AFTER_SECONDS * 1000)
      .map((screen) => ({ screenId: screen.presence.screenId, silentSince: screen.seen }));
    const outage = massOutage(screens.size, silent);
    if (outage === null) return null;
    // Screens already alerted one by one before the outage was big enough keep their own alerts.
    const startedAt = Math.min(...outage.map((screen) => screen.silentSince));
    const ids = outage.map((screen) => screen.screenId);
    const id = newId(now);
    try {
      await this.db
        .insertInto('fleet_incidents')
        .values({
          id,
          org_id: orgId,
          started_at: startedAt,
          screen_ids: JSON.stringify(ids),
          announced_at: now,
          recovered_at: null,
        })
        .execute();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      return null; // another node opened it this very sweep; the next sweep reads it
    }
    await this.deliver(recipients(ids), {
      kind: 'incident',
      incidentId: id,
      orgId,
      startedAt,
      screens: ids.map(nameOf),
      fleetSize: screens.size,
    });
    return { id, startedAt, screenIds: new Set(ids) };
  }

  /** Claims the rule's alert for this outage of the screen; sends it unless an incident holds it. */
  private async alert(rule: AlertRule, screen: ScreenNow, now: number, incidentId: string | null) {
    const inserted = await this.db
      .insertInto('alert_outages')
      .values({
        rule_id: rule.id,
        screen_id: screen.presence.screenId,
        org_id: rule.orgId,
        outage_since: screen.seen,
        alerted_at: incidentId === null ? now : null,
        incident_id: incidentId,
        recovered_at: null,
      })
      .onConflict((oc) => oc.columns(['rule_id', 'screen_id', 'outage_since']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1 || incidentId !== null) return;
    await this.deliver([rule], {
      kind: 'offline',
      rule,
      screenId: screen.presence.screenId,
      screenName: screen.presence.name,
      since: screen.seen,
    });
  }

  /** Closes the outages of screens seen since; a recovery notice for those alerted, when the rule asks. */
  private async recoveries(orgId: string, rules: AlertRule[], screens: Map<string, ScreenNow>, now: number) {
    const open = await this.db
      .selectFrom('alert_outages')
      .selectAll()
      .where('org_id', '=', orgId)
      .where('recovered_at', 'is', null)
      .execute();
    const ruleById = new Map(rules.map((rule) => [rule.id, rule]));
    for (const outage of open) {
      const screen = screens.get(outage.screen_id);
      if (screen === undefined || screen.seen <= outage.outage_since) continue;
      const closed = await this.db
        .updateTable('alert_outages')
        .set({ recovered_at: now })
        .where('rule_id', '=', outage.rule_id)
        .where('screen_id', '=', outage.screen_id)
        .where('outage_since', '=', outage.outage_since)
        .where('recovered_at', 'is', null)
        .executeTakeFirst();
      const rule = ruleById.get(outage.rule_id);
      if (Number(closed.numUpdatedRows) !== 1 || rule === undefined) continue;
      if (outage.alerted_at === null || !rule.notifyRecovery) continue;
      await this.deliver([rule], {
        kind: 'online',
        rule,
        screenId: outage.screen_id,
        screenName: screen.presence.name,
        since: outage.outage_since,
        at: now,
      });
    }
  }

  /** Sends `notice` to the webhooks and addresses of `rules` (each once). */
  private async deliver(rules: readonly AlertRule[], notice: AlertNotice): Promise<void> {
    const webhookIds = [...new Set(rules.flatMap((rule) => rule.webhookIds))];
    const emails = [...new Set(rules.flatMap((rule) => rule.emails))];
    const orgId = notice.kind === 'offline' || notice.kind === 'online' ? notice.rule.orgId : notice.orgId;
    if (webhookIds.length > 0) {
      try {
        await this.options.events.emit(orgId, eventOf(notice), dataOf(notice), {
          webhookIds,
          eventId: eventIdOf(notice),
        });
      } catch (error) {
        this.options.onError(error, `alert ${eventIdOf(notice)}`);
      }
    }
    if (emails.length > 0) this.options.mailer?.enqueue(emails, notice);
  }
}
