// Screens' timelines (docs/schedules.md §Propagation, §Player timeline): for each screen, its rules (schedules
// reaching it directly, through a group or as `all`; active overrides; its default content), the playlists they
// name, and the segments of the next 96 hours, written to players/{id}/app/data with the manifest's version and
// items in ONE document update. The version rises only when what shows changed (payload.ts), conditionally on the
// version read (as screens/screenChanges.ts does), and the row remembers when, for the studio's 'behind' flag.
// Every kind of change calls refresh with exactly the screens it affects; screens go in batches with a yield
// between them, and the engine runs once per distinct zone and rule set.

import type { Kysely } from 'kysely';
import { playerDocumentPath } from '@marquee/protocol';
import { resolveTimeline, segmentAt, type Segment } from '@marquee/timeline';
import type { Database, Screen } from '../db/schema';
import { chunks, parseTargets, screensOfTargets } from '../groups/membership';
import type { MediaCatalog } from '../media/mediaCatalog';
import type { DocumentStore } from '../realtime/documentStore';
import { parseStoredContent } from '../screens/content';
import { TIMELINE_HORIZON_MS, TIMELINE_MIN_HORIZON_MS, payloadOf, type ScreenPayload } from './payload';
import { loadOrgRules, ruleSetKey, rulesOfScreens, type OrgRules, type ScreenRules } from './screenRules';

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

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export class TimelineService {
  private readonly db: Kysely<Database>;

  constructor(private readonly options: TimelineServiceOptions) {
    this.db = options.db;
  }

  /** Refreshes the timelines of the organisation's screens named; answers how many got a new version. */
  async refresh(orgId: string, screenIds: Iterable<string>, refresh: RefreshOptions = {}): Promise<number> {
    const ids = [...new Set(screenIds)];
    let raised = 0;
    for (const [index, part] of chunks(ids, BATCH_SIZE).entries()) {
      if (index > 0) await yieldToEventLoop();
      const now = this.options.clock();
      const org = await loadOrgRules(this.db, orgId, now);
      const screens = await this.db
        .selectFrom('screens')
        .selectAll()
        .where('org_id', '=', orgId)
        .where('id', 'in', part)
        .execute();
      raised += await this.write(orgId, org, screens, now, refresh);
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
  ): Promise<number> {
    const batch = await rulesOfScreens(this.options, orgId, org, screens);
    const segmentsByKey = new Map<string, Segment[]>();
    const planned = batch.screens.map((entry) => {
      const key = ruleSetKey(entry.rules);
      let segments = segmentsByKey.get(key);
      if (segments === undefined) {
        segmentsByKey.set(key, (segments = resolveTimeline(entry.rules, now, now + TIMELINE_HORIZON_MS)));
      }
      return { entry, payload: payloadOf(entry, segments, batch.media, this.options.publicUrl, now) };
    });
    // The batch's rows in one transaction (one commit, not one per screen); a row changed meanwhile is tried again
    // on its own. Their document updates then go together, sharing the store's group commits.
    const written = await this.db.transaction().execute(async (trx) => {
      const outcomes: (RowWrite | null)[] = [];
      for (const { entry, payload } of planned) {
        outcomes.push(await this.writeRow(trx, entry.screen, payload, entry, now, refresh));
      }
      return outcomes;
    });
    const results = await Promise.allSettled(
      planned.map(({ entry, payload }, k) =>
        this.writeScreen(entry.screen, payload, entry, now, refresh, written[k] ?? null),
      ),
    );
    const failed = results.find((result) => result.status === 'rejected');
    if (failed !== undefined) throw failed.reason;
    return results.filter((result) => result.status === 'fulfilled' && result.value).length;
  }

  /**
   * Writes one screen's row (unless `written` says how its first try went) and document; true when its version
   * rose.
   */
  private async writeScreen(
    first: Screen,
    payload: ScreenPayload,
    entry: ScreenRules,
    now: number,
    refresh: RefreshOptions,
    written: RowWrite | null | undefined,
  ): Promise<boolean> {
    let row: Screen | undefined = first;
    let outcome = written;
    for (let attempt = 0; attempt < UPDATE_ATTEMPTS && row !== undefined; attempt++) {
      outcome ??= await this.writeRow(this.db, row, payload, entry, now, refresh);
      if (outcome === null) {
        row = await this.db.selectFrom('screens').selectAll().where('id', '=', row.id).executeTakeFirst();
        outcome = undefined;
        continue;
      }
      const extra = refresh.documentUpdates?.get(row.id) ?? {};
      if (row.player_id !== null && (outcome.issue || Object.keys(extra).length > 0)) {
        const updates: Record<string, unknown> = { ...extra };
        if (outcome.issue) {
          updates['app/data'] = {
            version: outcome.version,
            items: payload.items,
            timeline: payload.timeline,
          };
        }
        await this.options.documents.update(playerDocumentPath(row.player_id), updates);
      }
      return outcome.changed;
    }
    if (row === undefined) return false;
    throw new Error(`Screen ${first.id} changed concurrently ${UPDATE_ATTEMPTS} times`);
  }

  /** Updates the screen's row if it is still as read; null when it changed meanwhile. */
  private async writeRow(
    db: Kysely<Database>,
    row: Screen,
    payload: ScreenPayload,
    entry: ScreenRules,
    now: number,
    refresh: RefreshOptions,
  ): Promise<RowWrite | null> {
    const content = parseStoredContent(row.content, row.content_version);
    // A screen's first timeline (just paired, or written before timelines existed) shows what its manifest already
    // shows unless rules reach it: then it is the same version.
    const firstShowsSame =
      row.timeline_hash === null &&
      entry.rules.schedules.length === 0 &&
      entry.rules.overrides.length === 0 &&
      JSON.stringify(content.items) === JSON.stringify(payload.items);
    const changed = row.timeline_hash !== payload.hash && !firstShowsSame;
    // The timeline is written when what shows changed, when it was never written, and when it is issued again.
    const issue = changed || refresh.reissue === true || row.timeline_hash === null;
    const version = changed ? Math.max(content.version, row.content_version) + 1 : row.content_version;
    const result = await db
      .updateTable('screens')
      .set({
        content: JSON.stringify({ version, items: payload.items, sources: content.sources }),
        content_version: version,
        timeline_hash: payload.hash,
        ...(issue ? { timeline_until: payload.timeline.horizonEnd } : {}),
        ...(changed ? { content_version_at: now } : {}),
      })
      .where('id', '=', row.id)
      .where('content_version', '=', row.content_version)
      // A change of the screen's own items meanwhile must not be written over.
      .where('content', '=', row.content)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return null;
    if (changed) await this.recordOverrides(db, row.id, entry, version);
    return { version, changed, issue };
  }

  /** The first version carrying each override to the screen (an override is applied once the player reports it). */
  private async recordOverrides(
    db: Kysely<Database>,
    screenId: string,
    entry: ScreenRules,
    version: number,
  ): Promise<void> {
    if (entry.rules.overrides.length === 0) return;
    await db
      .insertInto('override_screens')
      .values(entry.rules.overrides.map((rule) => ({ override_id: rule.id, screen_id: screenId, version })))
      .onConflict((oc) => oc.columns(['override_id', 'screen_id']).doNothing())
      .execute();
  }
}
