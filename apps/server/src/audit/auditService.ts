// The audit log read back (docs/teams.md §Audit log): an organisation's entries newest first by (at, id), a page at
// a time (keyset paging on the (org, at, id) index), filtered by time, actor and target; and the retention that
// deletes entries past their age. Entries are written by auditRecord.ts, in the transaction of each change.

import type { Kysely, Selectable } from 'kysely';
import type { AuditEntry, AuditPage } from '@marquee/management-api';
import type { AuditLogTable, Database } from '../db/schema';
import { invalid } from '../domain/errors';
import { decodePageCursor, encodePageCursor } from '../domain/pageCursor';

/** The listing's query as the contract's AuditQuerySchema answers it. */
export interface AuditFilters {
  from?: number;
  to?: number;
  actor?: string;
  target?: string;
  cursor?: string;
  limit?: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Entries per page when the query names no limit. */
export const AUDIT_PAGE_DEFAULT = 50;

/** A stored before/after: its JSON, or null when there is none or it is not JSON (never a failed read). */
export function storedJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function entryView(row: Selectable<AuditLogTable>): AuditEntry {
  return {
    id: row.id,
    at: Number(row.at),
    actor: { kind: row.actor_kind, id: row.actor_id, name: row.actor_name },
    action: row.action,
    target: { type: row.target_type, id: row.target_id },
    before: storedJson(row.before),
    after: storedJson(row.after),
    ip: row.ip,
  };
}

export class AuditService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: () => number,
    private readonly retentionDays: number,
  ) {}

  /** A page of the organisation's entries matching `query`, newest first. */
  async list(orgId: string, query: AuditFilters): Promise<AuditPage> {
    const { from, to } = query;
    if (from !== undefined && to !== undefined && to < from) {
      throw invalid('BAD_RANGE', 'to must not be before from', 'to');
    }
    const limit = query.limit ?? AUDIT_PAGE_DEFAULT;
    // The position is the last entry's (at, id).
    const position =
      query.cursor === undefined ? null : decodePageCursor(query.cursor, ['integer', 'string']);
    const before = position === null ? null : { at: position[0], id: position[1] };
    const rows = await this.db
      .selectFrom('audit_log')
      .selectAll()
      .where('org_id', '=', orgId)
      .$if(from !== undefined, (qb) => qb.where('at', '>=', from!))
      .$if(to !== undefined, (qb) => qb.where('at', '<=', to!))
      .$if(query.actor !== undefined, (qb) => qb.where('actor_id', '=', query.actor!))
      .$if(query.target !== undefined, (qb) => qb.where('target_id', '=', query.target!))
      // A row-value comparison, so both engines walk the (org_id, at, id) index from the cursor on.
      .$if(before !== null, (qb) =>
        qb.where(({ eb, refTuple, tuple }) => eb(refTuple('at', 'id'), '<', tuple(before!.at, before!.id))),
      )
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit + 1)
      .execute();
    const more = rows.length > limit;
    const shown = more ? rows.slice(0, limit) : rows;
    const last = shown.at(-1);
    return {
      entries: shown.map(entryView),
      nextCursor: more && last !== undefined ? encodePageCursor([Number(last.at), last.id]) : null,
    };
  }

  /** Deletes every organisation's entries older than the retention; answers how many went. */
  async purge(): Promise<number> {
    const cutoff = this.clock() - this.retentionDays * DAY_MS;
    const result = await this.db.deleteFrom('audit_log').where('at', '<', cutoff).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
