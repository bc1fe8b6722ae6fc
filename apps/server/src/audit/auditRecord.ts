// Appending to the audit log (docs/teams.md §Audit log). A service that changes something through /api/v1 calls
// recordChange with the same database handle (the transaction) it changes it with, so the change and its entry
// are committed together or not at all. The log is append-only: nothing in the API edits or deletes an entry;
// only the retention sweep removes entries past their age.

import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { newId } from '../ids';
import type { Operator } from '../operators/operatorService';

export interface AuditChange {
  /** `<target type>.<verb>`, e.g. `playlist.update`, `member.remove`, `apiKey.create`. */
  action: string;
  target: { type: string; id: string | null };
  /** For settings and content: what it was and what it became (JSON-serialisable; secrets left out). */
  before?: unknown;
  after?: unknown;
}

/** Who makes a change, as the audit log names them: the operator's organisation, actor and address. */
export type Changer = Pick<Operator, 'orgId' | 'actor' | 'ip'>;

/**
 * Appends one entry for `change`, made by `operator` at `at` (epoch ms), through `db` (the change's transaction);
 * answers the entry's id.
 */
export async function recordChange(
  db: Kysely<Database>,
  operator: Changer,
  change: AuditChange,
  at: number,
): Promise<string> {
  const id = newId(at);
  await db
    .insertInto('audit_log')
    .values({
      id,
      org_id: operator.orgId,
      at,
      actor_kind: operator.actor.kind,
      actor_id: operator.actor.id,
      actor_name: operator.actor.name,
      action: change.action,
      target_type: change.target.type,
      target_id: change.target.id,
      before: change.before === undefined ? null : JSON.stringify(change.before),
      after: change.after === undefined ? null : JSON.stringify(change.after),
      ip: operator.ip,
    })
    .execute();
  return id;
}
