// The schedules phases of `npm run bench:realtime -- --schedules` (docs/testing.md §Benchmarks), run on Marquee
// after the fleet-wide command, on the same players, so that the two are measured in the same run:
// - schedule change: ONE POST /api/v1/schedules targeting the group of every seeded screen (seed.ts); from the
//   request written until every listening player's app/data listen has read the new version;
// - group edit: ONE PATCH /api/v1/groups/{id} that takes the last screen out of that group, so the server
//   recomputes the timeline of every member (old and new, docs/schedules.md §Propagation); the server's CPU time
//   and its longest event-loop stall during it.

import { HttpPoster, type PostResult } from './httpClient';
import type { Phase, PhaseCpu } from './measureTarget';
import type { PlayerFleet } from './playerFleet';
import { preciseNow } from './playerMessages';
import type { ScheduleFixtures, SeededPlayer } from './seed';
import type { LoopStats } from './serverProbe';
import type { Target } from './targets';

/** Recomputing 20,000 timelines writes 20,000 screens: the requests answer once that is done. */
const REQUEST_TIMEOUT_MS = 300_000;
const MIN_WAIT_MS = 30_000;
const COLLECT_INTERVAL_MS = 100;

export interface PhaseRunner {
  run<T>(phase: Phase, work: () => Promise<T>): Promise<T>;
  readonly cpu: Partial<Record<Phase, PhaseCpu>>;
  readonly loop: Partial<Record<Phase, LoopStats>>;
}

export interface ScheduleFigures {
  /** Screens in the group (every seeded screen). */
  screens: number;
  change: {
    players: number;
    received: number;
    complete: boolean;
    /** The version every player had to reach. */
    version: number;
    /** From the request written until the last listening player read the new version. */
    ms: number;
    /** From the request written until its answer. */
    httpMs: number;
    failedRequests: number;
  };
  groupEdit: {
    /** Timelines recomputed: the group's members before and after. */
    screens: number;
    httpMs: number;
    failedRequests: number;
    /** CPU time of the server process (every thread) during the request. */
    serverCpuSeconds: number;
    /** Of which its event-loop thread. */
    mainThreadSeconds: number;
    /** The longest event-loop delay sampled during it (every 10 ms). */
    loopMaxMs: number;
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const failed = (result: PostResult | Error, status: number) =>
  result instanceof Error || result.status !== status;

export async function measureSchedules(context: {
  target: Target;
  fleet: PlayerFleet;
  listening: readonly SeededPlayer[];
  seeded: readonly SeededPlayer[];
  fixtures: ScheduleFixtures;
  phases: PhaseRunner;
  log: (line: string) => void;
}): Promise<ScheduleFigures> {
  const { target, fleet, listening, seeded, fixtures, phases, log } = context;
  const node = target.nodes[0];
  if (node === undefined) throw new Error(`${target.kind}: no server node`);
  const http = new HttpPoster(node.origin, 1, target.headers, REQUEST_TIMEOUT_MS);
  try {
    // ---- schedule change ----
    const version = fixtures.version + 1;
    const today = new Date().toISOString().slice(0, 10);
    const start = preciseNow();
    const [answer, arrived] = await phases.run('schedule', async () => {
      const posted = await http
        .post('/api/v1/schedules', {
          name: 'Bench lunch',
          playlistId: fixtures.playlistId,
          targets: { groupIds: [fixtures.groupId] },
          priority: 10,
          startsOn: today,
        })
        .catch((error: Error) => error);
      const answered = preciseNow();
      const waitUntil = answered + Math.max(MIN_WAIT_MS, 3 * (answered - start));
      let collected = await fleet.collect(version, 'version');
      while (collected.received < listening.length && preciseNow() < waitUntil) {
        await sleep(COLLECT_INTERVAL_MS);
        collected = await fleet.collect(version, 'version');
      }
      return [posted, collected] as const;
    });
    const change = {
      players: listening.length,
      received: arrived.received,
      complete: arrived.received === listening.length,
      version,
      ms: arrived.lastAt - start,
      httpMs: answer instanceof Error ? Number.NaN : answer.answeredAt - answer.sentAt,
      failedRequests: failed(answer, 201) ? 1 : 0,
    };
    log(
      `${target.kind}: schedule change reached ${change.received}/${change.players} in ${change.ms.toFixed(0)} ms ` +
        `(request ${change.httpMs.toFixed(0)} ms)`,
    );
    if (answer instanceof Error || answer.status !== 201) {
      log(
        `${target.kind}: schedule change failed: ${answer instanceof Error ? answer.message : answer.body}`,
      );
    }

    // ---- group edit: the last screen leaves; every member's timeline is recomputed ----
    const screenIds = seeded.map((player) => player.screenId);
    const edited = await phases.run('groupEdit', () =>
      http
        .post(`/api/v1/groups/${fixtures.groupId}`, { screenIds: screenIds.slice(0, -1) }, 'PATCH')
        .catch((error: Error) => error),
    );
    const cpu = phases.cpu.groupEdit;
    const groupEdit = {
      screens: screenIds.length,
      httpMs: edited instanceof Error ? Number.NaN : edited.answeredAt - edited.sentAt,
      failedRequests: failed(edited, 200) ? 1 : 0,
      serverCpuSeconds: cpu?.server ?? Number.NaN,
      mainThreadSeconds: cpu?.serverMainThread.running ?? Number.NaN,
      loopMaxMs: phases.loop.groupEdit?.delayMaxMs ?? Number.NaN,
    };
    log(
      `${target.kind}: group edit recomputed ${groupEdit.screens} timelines: ${groupEdit.serverCpuSeconds.toFixed(2)} s ` +
        `server CPU, longest stall ${groupEdit.loopMaxMs.toFixed(0)} ms`,
    );
    if (edited instanceof Error || edited.status !== 200) {
      log(`${target.kind}: group edit failed: ${edited instanceof Error ? edited.message : edited.body}`);
    }
    return { screens: screenIds.length, change, groupEdit };
  } finally {
    http.close();
  }
}
