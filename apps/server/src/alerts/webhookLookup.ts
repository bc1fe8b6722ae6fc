// Which webhook ids an organisation does not have, read from the webhook service's `webhooks` table (migration
// 0007_webhooks, merged separately): the check alert rules use for `webhookIds`. Raw SQL because that table is not
// in this branch's Database type; wired in services.ts when the webhook service is.

import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { chunks } from '../groups/membership';
import type { UnknownWebhooks } from './alertRuleService';

export function webhooksTableLookup(db: Kysely<Database>): UnknownWebhooks {
  return async (orgId, ids) => {
    const known = new Set<string>();
    for (const part of chunks(ids)) {
      const found = await sql<{
        id: string;
      }>`select id from webhooks where org_id = ${orgId} and id in (${sql.join(part)})`.execute(db);
      for (const row of found.rows) known.add(row.id);
    }
    return ids.filter((id) => !known.has(id));
  };
}
