// Webhooks of an organisation (docs/webhooks.md): created with a signing secret answered once, listed without it,
// deleted with their deliveries; and the event sink every domain emits through. An emit stores one delivery per
// target webhook before it resolves (unique per event id and webhook, so emitting an event twice stores it once);
// the delivery worker sends them.

import type { Kysely } from 'kysely';
import {
  MAX_WEBHOOKS_PER_ORG,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_TEST_EVENT,
  type CreatedWebhook,
  type DeliveredEventType,
  type DeliveryPage,
  type PageQuery,
  type TestDelivery,
  type WebhookEventType,
  type WebhookInput,
  type WebhookView,
} from '@marquee/management-api';
import type { Database } from '../db/schema';
import { conflict, notFound } from '../domain/errors';
import { newId } from '../ids';
import { recordChange, type Changer } from '../audit/auditRecord';
import { newestFirst } from '../logs/paging';
import type { EmitOptions, WebhookEventSink } from './webhookEventSink';
import { newWebhookSecret } from './webhookSignature';

export interface WebhookServiceOptions {
  db: Kysely<Database>;
  clock: () => number;
  /** Called once deliveries are stored (the worker of this node sends them at once). */
  onStored?: () => void;
}

interface WebhookRow {
  id: string;
  url: string;
  description: string | null;
  events: string;
  created_at: number;
}

/** The subscribed events of a stored row; names no longer known are left out. */
function storedEvents(text: string): WebhookEventType[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return [];
  }
  return Array.isArray(parsed) ? WEBHOOK_EVENT_TYPES.filter((name) => parsed.includes(name)) : [];
}

function view(row: WebhookRow): WebhookView {
  return {
    id: row.id,
    url: row.url,
    events: storedEvents(row.events),
    description: row.description,
    createdAt: row.created_at,
  };
}

export class WebhookService implements WebhookEventSink {
  private readonly db: Kysely<Database>;
  private readonly clock: () => number;

  constructor(private readonly options: WebhookServiceOptions) {
    this.db = options.db;
    this.clock = options.clock;
  }

  async create(by: Changer, input: WebhookInput): Promise<CreatedWebhook> {
    const { orgId } = by;
    const count = await this.db
      .selectFrom('webhooks')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('org_id', '=', orgId)
      .executeTakeFirstOrThrow();
    if (Number(count.count) >= MAX_WEBHOOKS_PER_ORG) {
      throw conflict(
        'TOO_MANY_WEBHOOKS',
        `An organisation has at most ${MAX_WEBHOOKS_PER_ORG} webhooks; delete one first`,
      );
    }
    const now = this.clock();
    const row = {
      id: newId(now),
      org_id: orgId,
      url: input.url,
      description: input.description || null,
      events: JSON.stringify(input.events),
      secret: newWebhookSecret(),
      created_at: now,
    };
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('webhooks').values(row).execute();
      // The view: never the signing secret.
      const change = { action: 'webhook.create', target: { type: 'webhook', id: row.id }, after: view(row) };
      await recordChange(trx, by, change, now);
    });
    return { ...view(row), secret: row.secret };
  }

  async list(orgId: string): Promise<WebhookView[]> {
    const rows = await this.db
      .selectFrom('webhooks')
      .select(['id', 'url', 'description', 'events', 'created_at'])
      .where('org_id', '=', orgId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map(view);
  }

  /** The ids among `ids` that are not webhooks of the organisation (an alert rule's check of its webhookIds). */
  async unknownIds(orgId: string, ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    // At most MAX_WEBHOOKS_PER_ORG rows: read them all rather than bind an unbounded IN list.
    const rows = await this.db.selectFrom('webhooks').select('id').where('org_id', '=', orgId).execute();
    const known = new Set(rows.map((row) => row.id));
    return ids.filter((id) => !known.has(id));
  }

  /** Deletes the webhook; its deliveries, pending ones too, go with it. */
  async delete(by: Changer, id: string): Promise<{ deleted: string }> {
    const { orgId } = by;
    await this.find(orgId, id);
    await this.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('webhooks')
        .select(['id', 'url', 'description', 'events', 'created_at'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      await trx.deleteFrom('webhooks').where('id', '=', id).where('org_id', '=', orgId).execute();
      const change = { action: 'webhook.delete', target: { type: 'webhook', id }, before: view(row) };
      await recordChange(trx, by, change, this.clock());
    });
    return { deleted: id };
  }

  /** The webhook's deliveries, newest first, a page at a time, each with its attempts oldest first. */
  async deliveries(orgId: string, id: string, page: PageQuery): Promise<DeliveryPage> {
    await this.find(orgId, id);
    const { rows, nextCursor } = await newestFirst(
      this.db
        .selectFrom('webhook_deliveries')
        .select(['id', 'event_id', 'event', 'state', 'created_at', 'next_attempt_at'])
        .where('webhook_id', '=', id),
      page.limit,
      page.cursor,
    );
    const attempts =
      rows.length === 0
        ? []
        : await this.db
            .selectFrom('webhook_attempts')
            .selectAll()
            .where(
              'delivery_id',
              'in',
              rows.map((row) => row.id),
            )
            .orderBy('attempted_at')
            .orderBy('id')
            .execute();
    return {
      deliveries: rows.map((row) => ({
        id: row.id,
        eventId: row.event_id,
        event: row.event,
        state: row.state,
        createdAt: row.created_at,
        nextAttemptAt: row.state === 'pending' ? row.next_attempt_at : null,
        attempts: attempts
          .filter((attempt) => attempt.delivery_id === row.id)
          .map((attempt) => ({
            at: attempt.attempted_at,
            statusCode: attempt.status_code,
            error: attempt.error,
            durationMs: attempt.duration_ms,
            nextRetryAt: attempt.next_retry_at,
          })),
      })),
      nextCursor,
    };
  }

  /** Sends a webhook.test event to this webhook only, whatever it subscribes to. */
  async sendTest(orgId: string, id: string): Promise<TestDelivery> {
    await this.find(orgId, id);
    const eventId = newId(this.clock());
    await this.emit(orgId, WEBHOOK_TEST_EVENT, { webhookId: id }, { webhookIds: [id], eventId });
    const row = await this.db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('event_id', '=', eventId)
      .where('webhook_id', '=', id)
      .executeTakeFirstOrThrow();
    return { eventId, deliveryId: row.id };
  }

  async emit(
    orgId: string,
    event: DeliveredEventType,
    data: Record<string, unknown>,
    options: EmitOptions = {},
  ): Promise<void> {
    const now = this.clock();
    let query = this.db.selectFrom('webhooks').select(['id', 'events']).where('org_id', '=', orgId);
    if (options.webhookIds !== undefined) {
      if (options.webhookIds.length === 0) return;
      query = query.where('id', 'in', [...options.webhookIds]);
    }
    const webhooks = await query.execute();
    const targets =
      options.webhookIds !== undefined
        ? webhooks
        : webhooks.filter((webhook) => (storedEvents(webhook.events) as string[]).includes(event));
    if (targets.length === 0) return;
    const eventId = options.eventId ?? newId(now);
    const body = JSON.stringify({ id: eventId, event, createdAt: now, data });
    await this.db
      .insertInto('webhook_deliveries')
      .values(
        targets.map((webhook) => ({
          id: newId(now),
          webhook_id: webhook.id,
          org_id: orgId,
          event_id: eventId,
          event,
          body,
          state: 'pending' as const,
          attempts: 0,
          next_attempt_at: now,
          lease_until: null,
          lease_owner: null,
          created_at: now,
          delivered_at: null,
        })),
      )
      .onConflict((oc) => oc.columns(['event_id', 'webhook_id']).doNothing())
      .execute();
    this.options.onStored?.();
  }

  private async find(orgId: string, id: string): Promise<void> {
    const row = await this.db
      .selectFrom('webhooks')
      .select('id')
      .where('id', '=', id)
      .where('org_id', '=', orgId)
      .executeTakeFirst();
    if (row === undefined) throw notFound('WEBHOOK_NOT_FOUND', `No webhook ${id} in your organisation`);
  }
}
