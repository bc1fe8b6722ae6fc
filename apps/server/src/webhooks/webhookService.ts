// Webhooks of an organisation (docs/webhooks.md): created with a signing secret answered once, listed without it,
// deleted with their deliveries; and the event sink every domain emits through. An emit stores one delivery per
// target webhook before it resolves (unique per event id and webhook, so emitting an event twice stores it once);
// the delivery worker sends them.

import type { Insertable, Kysely } from 'kysely';
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
import type { Database, WebhookDeliveriesTable } from '../db/schema';
import { conflict, notFound } from '../domain/errors';
import { newId } from '../ids';
import { recordChange, type Changer } from '../audit/auditRecord';
import { newestFirst } from '../logs/paging';
import type { EmitOptions, EmittedEvent, WebhookEventSink } from './webhookEventSink';
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

/** Delivery rows per statement: thirteen columns each, well under either database's limit of parameters. */
const DELIVERY_INSERT_ROWS = 500;

/** The pending deliveries of one event to `targets`. */
function deliveryRows(
  orgId: string,
  targets: readonly { id: string }[],
  emitted: EmittedEvent,
  now: number,
): Insertable<WebhookDeliveriesTable>[] {
  if (targets.length === 0) return [];
  const { event, data, eventId = newId(now) } = emitted;
  const body = JSON.stringify({ id: eventId, event, createdAt: now, data });
  return targets.map((webhook) => ({
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
  }));
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
    if (options.webhookIds === undefined) {
      await this.emitMany(orgId, [{ event, data, eventId: options.eventId }]);
      return;
    }
    if (options.webhookIds.length === 0) return;
    const now = this.clock();
    const targets = await this.db
      .selectFrom('webhooks')
      .select('id')
      .where('org_id', '=', orgId)
      .where('id', 'in', [...options.webhookIds])
      .execute();
    await this.store(deliveryRows(orgId, targets, { event, data, eventId: options.eventId }, now));
  }

  async emitMany(orgId: string, events: readonly EmittedEvent[]): Promise<void> {
    if (events.length === 0) return;
    const now = this.clock();
    const webhooks = await this.db
      .selectFrom('webhooks')
      .select(['id', 'events'])
      .where('org_id', '=', orgId)
      .execute();
    if (webhooks.length === 0) return;
    const subscribed = webhooks.map((webhook) => ({
      id: webhook.id,
      events: new Set<string>(storedEvents(webhook.events)),
    }));
    await this.store(
      events.flatMap((emitted) =>
        deliveryRows(
          orgId,
          subscribed.filter((webhook) => webhook.events.has(emitted.event)),
          emitted,
          now,
        ),
      ),
    );
  }

  /** Inserts deliveries (an event's delivery to a webhook stored once), DELIVERY_INSERT_ROWS per statement. */
  private async store(rows: readonly Insertable<WebhookDeliveriesTable>[]): Promise<void> {
    if (rows.length === 0) return;
    for (let start = 0; start < rows.length; start += DELIVERY_INSERT_ROWS) {
      await this.db
        .insertInto('webhook_deliveries')
        .values(rows.slice(start, start + DELIVERY_INSERT_ROWS))
        .onConflict((oc) => oc.columns(['event_id', 'webhook_id']).doNothing())
        .execute();
    }
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
