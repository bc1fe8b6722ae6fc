// Screens' timelines (docs/schedules.md §Propagation, §Player timeline): for each screen, its rules (schedules
// reaching it directly, through a group or as `all`; active overrides; its default content), the playlists they
// name, and the segments of the next 96 hours, written to players/{id}/app/data with the manifest's version and
// items in ONE document update. The version rises only when what shows changed (payload.ts), conditionally on the
// version read (as screens/screenChanges.ts does), and the row remembers when, for the studio's 'behind' flag.
// Every kind of change calls refresh with exactly the screens it affects; screens go in batches with a yield
// between them, and the engine runs once per distinct zone and rule set.

import { sql, type Kysely } from 'kysely';
import { playerDocumentPath, type AppDataScreen } from '@marquee/protocol';
import { resolveTimeline, segmentAt, type Segment } from '@marquee/timeline';
import type { Database, Screen } from '../db/schema';
import { nextTurn } from '../eventLoop';
import { ID_CHUNK, chunks, parseTargets, screensOfTargets } from '../groups/membership';
import type { MediaCatalog } from '../media/mediaCatalog';
import type { DocumentStore } from '../realtime/documentStore';
import { parseStoredContent } from '../screens/content';
import {
  TIMELINE_HORIZON_MS,
  TIMELINE_MIN_HORIZON_MS,
  appDataScreenOf,
  payloadOf,
  screenHash,
  type ScreenPayload,
} from './payload';
import {
  OWN_ITEMS_KEY,
  loadOrgRules,
  ruleSetKey,
  rulesOfScreens,
  type OrgRules,
  type ScreenRules,
} from './screenRules';

/** Screens compiled between two yields to the event loop. */
const BATCH_SIZE = 200;
/** Tries of a conditional screen update that lost to a concurrent change. */
const UPDATE_ATTEMPTS = 10;

export interface TimelineServiceOptions {
  db: Kysely<Database>;
  documents: DocumentStore;
  media: MediaCatalog;
  clock: () => number;
  publicUrl: string;
}

export interface RefreshOptions {
  /** Other updates of the player's document, written in the same update (a screen's name and settings). */
  documentUpdates?: Map<string, Record<string, unknown>>;
  /** Issue the timeline again even when what shows is unchanged (its horizon runs short). */
  reissue?: boolean;
}

/** How a screen's row was written: its version, whether what shows changed, whether the timeline is sent. */
interface RowWrite {
  version: number;
  changed: boolean;
  issue: boolean;
}

/** One screen's part of a batch: its rules, the payload it shares, its own part of app/data and its hash. */
interface PlannedScreen {
  row: Screen;
  entry: ScreenRules;
  payload: ScreenPayload;
  screen: AppDataScreen;
  hash: string;
}

/** A row write planned: what to set, or null when the row already holds it. */
interface RowPlan extends RowWrite {
  set: {
    content: string;
    content_version: number;
    timeline_hash: string;
    timeline_until: number;
    content_version_at?: number;
  } | null;
}

export class TimelineService {
  private readonly db: Kysely<Database>;

  constructor(private readonly options: TimelineServiceOptions) {
    this.db = options.db;
  }

  /**
   * Refreshes the timelines of the organisation's screens named; answers how many got a new version. A screen whose
   * row changed between its read and its write is refreshed again from a fresh read.
   */
  async refresh(orgId: string, screenIds: Iterable<string>, refresh: RefreshOptions = {}): Promise<number> {
    let pending = [...new Set(screenIds)];
    let raised = 0;
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt === UPDATE_ATTEMPTS) {
        throw new Error(`Screens ${pending.join(', ')} changed concurrently ${UPDATE_ATTEMPTS} times`);
      }
      const lost: string[] = [];
      for (const [index, part] of chunks(pending, BATCH_SIZE).entries()) {
        if (index > 0 || attempt > 0) await nextTurn();
        const now = this.options.clock();
        const org = await loadOrgRules(this.db, orgId, now);
        const screens = await this.db
          .selectFrom('screens')
          .selectAll()
          .where('org_id', '=', orgId)
          .where('id', 'in', part)
          .execute();
        const written = await this.write(orgId, org, screens, now, refresh);
        raised += written.raised;
        lost.push(...written.lost);
      }
      pending = lost;
    }
    return raised;
  }

  /** The rules of screens of the organisation, as a timeline resolves them now. */
  async rulesOf(orgId: string, screens: readonly Screen[]): Promise<ScreenRules[]> {
    const org = await loadOrgRules(this.db, orgId, this.options.clock());
    return (await rulesOfScreens(this.options, orgId, org, screens)).screens;
  }

  /** What each screen shows now and why. */
  async currentOf(
    orgId: string,
    screens: readonly Screen[],
  ): Promise<Map<string, { rules: ScreenRules; segment: Segment }>> {
    const now = this.options.clock();
    const result = new Map<string, { rules: ScreenRules; segment: Segment }>();
    const byKey = new Map<string, Segment>();
    for (const entry of await this.rulesOf(orgId, screens)) {
      const key = ruleSetKey(entry.rules);
      let segment = byKey.get(key);
      if (segment === undefined) byKey.set(key, (segment = segmentAt(entry.rules, now)));
      result.set(entry.screen.id, { rules: entry, segment });
    }
    return result;
  }

  /**
   * Timelines whose horizon runs short are issued again (same version unless what shows changed), and schedules
   * and overrides that ended leave the timelines of the screens they reached. Answers the screens refreshed.
   */
  async sweep(): Promise<number> {
    const now = this.options.clock();
    let refreshed = 0;
    const ended = await this.db
      .selectFrom('schedules')
      .select(['id', 'org_id', 'targets'])
      .where('dropped', '=', 0)
      .where('ends_at', '<=', now)
      .execute();
    const expired = await this.db
      .selectFrom('overrides')
      .select(['id', 'org_id', 'targets'])
      .where('expires_at', '<=', now)
      .execute();
    // Only the screens they reach: a screen that left a targeted group was refreshed when it left.
    const reached = new Map<string, Set<string>>();
    for (const row of [...ended, ...expired]) {
      const screens = reached.get(row.org_id) ?? new Set<string>();
      for (const id of await screensOfTargets(this.db, row.org_id, parseTargets(row.targets)))
        screens.add(id);
      reached.set(row.org_id, screens);
    }
    for (const [orgId, screens] of reached) {
      refreshed += screens.size;
      await this.refresh(orgId, screens);
    }
    for (const part of chunks(ended.map((row) => row.id))) {
      await this.db.updateTable('schedules').set({ dropped: 1 }).where('id', 'in', part).execute();
    }
    for (const part of chunks(expired.map((row) => row.id))) {
      await this.db.deleteFrom('overrides').where('id', 'in', part).execute();
    }
    const short = await this.db
      .selectFrom('screens')
      .select(['id', 'org_id'])
      .where('player_id', 'is not', null)
      .where((eb) =>
        eb.or([eb('timeline_until', 'is', null), eb('timeline_until', '<', now + TIMELINE_MIN_HORIZON_MS)]),
      )
      .execute();
    const byOrg = new Map<string, string[]>();
    for (const row of short) {
      const ids = byOrg.get(row.org_id);
      if (ids === undefined) byOrg.set(row.org_id, [row.id]);
      else ids.push(row.id);
    }
    for (const [orgId, ids] of byOrg) {
      refreshed += ids.length;
      await this.refresh(orgId, ids, { reissue: true });
    }
    return refreshed;
  }

  private async write(
    orgId: string,
    org: OrgRules,
    screens: readonly Screen[],
    now: number,
    refresh: RefreshOptions,
  ): Promise<{ raised: number; lost: string[] }> {
    const batch = await rulesOfScreens(this.options, orgId, org, screens);
    const segmentsByKey = new Map<string, Segment[]>();
    // Screens with the same rules and own items get the same payload object: one to build, hash and serialise.
    const payloadsByKey = new Map<string, ScreenPayload>();
    const planned = batch.screens.map((entry) => {
      const key = ruleSetKey(entry.rules);
      const payloadKey =
        entry.defaultKey === OWN_ITEMS_KEY
          ? `${key}|${JSON.stringify(entry.playlists.get(OWN_ITEMS_KEY)?.sources)}`
          : key;
      let payload = payloadsByKey.get(payloadKey);
      if (payload === undefined) {
        let segments = segmentsByKey.get(key);
        if (segments === undefined) {
          segmentsByKey.set(key, (segments = resolveTimeline(entry.rules, now, now + TIMELINE_HORIZON_MS)));
        }
        payload = payloadOf(entry, segments, batch.media, batch.feeds, this.options.publicUrl, now);
        payloadsByKey.set(payloadKey, payload);
      }
      const screen = appDataScreenOf(entry.screen, entry.tags);
      return { row: entry.screen, entry, payload, screen, hash: screenHash(payload, screen) };
    });
    // The batch's rows in one transaction (one commit, not one per screen); their document updates then go
    // together, sharing the store's group commits.
    const written = await this.db.transaction().execute((trx) => this.writeRows(trx, planned, now, refresh));
    const lost: string[] = [];
    const documents: Promise<boolean>[] = [];
    planned.forEach((item, k) => {
      const outcome = written[k];
      if (outcome === null || outcome === undefined) lost.push(item.row.id);
      else documents.push(this.writeDocument(item, outcome, refresh));
    });
    const results = await Promise.allSettled(documents);
    const failed = results.find((result) => result.status === 'rejected');
    if (failed !== undefined) throw failed.reason;
    const raised = results.filter((result) => result.status === 'fulfilled' && result.value).length;
    return { raised, lost };
  }

  /** Writes the screen's player document as its row now says; true when its version rose. */
  private async writeDocument(
    { row, payload, screen }: PlannedScreen,
    outcome: RowWrite,
    refresh: RefreshOptions,
  ): Promise<boolean> {
    const extra = refresh.documentUpdates?.get(row.id) ?? {};
    if (row.player_id !== null && (outcome.issue || Object.keys(extra).length > 0)) {
      const updates: Record<string, unknown> = { ...extra };
      if (outcome.issue) {
        updates['app/data'] = {
          version: outcome.version,
          items: payload.items,
          timeline: payload.timeline,
          screen,
        };
      }
      await this.options.documents.update(playerDocumentPath(row.player_id), updates);
    }
    return outcome.changed;
  }

  /** What writing `payload` to the screen's row means: its version, whether it changed, what to set (if anything). */
  private planRow(
    { row, payload, entry, hash }: PlannedScreen,
    now: number,
    refresh: RefreshOptions,
  ): RowPlan {
    const content = parseStoredContent(row.content, row.content_version);
    // A screen's first timeline (just paired, or written before timelines existed) shows what its manifest already
    // shows unless rules reach it: then it is the same version.
    const firstShowsSame =
      row.timeline_hash === null &&
      entry.rules.schedules.length === 0 &&
      entry.rules.overrides.length === 0 &&
      JSON.stringify(content.items) === JSON.stringify(payload.items);
    const changed = row.timeline_hash !== hash && !firstShowsSame;
    // The timeline is written when what shows changed, when it was never written, and when it is issued again.
    const issue = changed || refresh.reissue === true || row.timeline_hash === null;
    const version = changed ? Math.max(content.version, row.content_version) + 1 : row.content_version;
    // Nothing to write when not issued: the row already holds this timeline (most members of an edited group).
    const set = issue
      ? {
          content: JSON.stringify({ version, items: payload.items, sources: content.sources }),
          content_version: version,
          timeline_hash: hash,
          timeline_until: payload.timeline.horizonEnd,
          ...(changed ? { content_version_at: now } : {}),
        }
      : null;
    return { version, changed, issue, set };
  }

  /**
   * Updates the screens' rows where each is still as read; an outcome is null for a row changed meanwhile. Rows
   * read alike (same version and content) that get the same payload and plan go in one statement, each with its own
   * hash (a screen's name and tags are hashed too): a group's members usually do, and 20,000 single-row updates
   * cost more than the rest of the refresh.
   */
  private async writeRows(
    db: Kysely<Database>,
    planned: readonly PlannedScreen[],
    now: number,
    refresh: RefreshOptions,
  ): Promise<(RowWrite | null)[]> {
    const outcomes: (RowWrite | null)[] = [];
    const payloads = new Map<ScreenPayload, number>();
    const alike = new Map<string, { plan: RowPlan; first: (typeof planned)[number]; indices: number[] }>();
    planned.forEach((item, index) => {
      const plan = this.planRow(item, now, refresh);
      outcomes.push({ version: plan.version, changed: plan.changed, issue: plan.issue });
      if (plan.set === null) return;
      let payloadIndex = payloads.get(item.payload);
      if (payloadIndex === undefined) payloads.set(item.payload, (payloadIndex = payloads.size));
      const { row } = item;
      const key = JSON.stringify([
        payloadIndex,
        row.content_version,
        row.content,
        plan.changed,
        plan.version,
      ]);
      const group = alike.get(key);
      if (group === undefined) alike.set(key, { plan, first: item, indices: [index] });
      else group.indices.push(index);
    });
    for (const { plan, first, indices } of alike.values()) {
      const set = plan.set!;
      for (const part of chunks(indices)) {
        const ids = part.map((index) => planned[index]!.row.id);
        const result = await db
          .updateTable('screens')
          .set({ ...set, timeline_hash: hashesOf(part.map((index) => planned[index]!)) })
          .where('id', 'in', ids)
          .where('content_version', '=', first.row.content_version)
          // A change of the screen's own items meanwhile must not be written over.
          .where('content', '=', first.row.content)
          .executeTakeFirst();
        let done = part;
        if (Number(result.numUpdatedRows) !== part.length) {
          // Some changed meanwhile: those that hold what was just set are written, the others are tried again.
          const holding = await db
            .selectFrom('screens')
            .select('id')
            .where('id', 'in', ids)
            .where('content_version', '=', set.content_version)
            .where('content', '=', set.content)
            .execute();
          const written = new Set(holding.map((row) => row.id));
          done = part.filter((index) => written.has(planned[index]!.row.id));
          for (const index of part) if (!written.has(planned[index]!.row.id)) outcomes[index] = null;
        }
        if (plan.changed) {
          await this.recordOverrides(
            db,
            done.map((index) => planned[index]!.row.id),
            first.entry,
            plan.version,
          );
        }
      }
    }
    return outcomes;
  }

  /** The first version carrying each override to the screens (an override is applied once the player reports it). */
  private async recordOverrides(
    db: Kysely<Database>,
    screenIds: readonly string[],
    entry: ScreenRules,
    version: number,
  ): Promise<void> {
    const { overrides } = entry.rules;
    if (overrides.length === 0 || screenIds.length === 0) return;
    for (const part of chunks(screenIds, Math.max(1, Math.floor(ID_CHUNK / overrides.length)))) {
      await db
        .insertInto('override_screens')
        .values(
          part.flatMap((screenId) =>
            overrides.map((rule) => ({ override_id: rule.id, screen_id: screenId, version })),
          ),
        )
        .onConflict((oc) => oc.columns(['override_id', 'screen_id']).doNothing())
        .execute();
    }
  }
}

/** The rows' timeline hashes: one value when they share it, else a CASE on the id (portable to both engines). */
function hashesOf(rows: readonly PlannedScreen[]) {
  const first = rows[0]!.hash;
  if (rows.every((item) => item.hash === first)) return first;
  const branches = rows.map((item) => sql`WHEN id = ${item.row.id} THEN ${item.hash}`);
  return sql<string>`CASE ${sql.join(branches, sql` `)} END`;
}
