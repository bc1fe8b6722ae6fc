// The reconnect storm phase of `npm run bench:realtime`, after the writes, on the same players: each sets up its
// presence over its socket (untimed) and Marquee records the fleet online (healthSettle.ts); then every player
// process drops all its sockets at the same instant and each player comes back as the real client does
// (stormClient.ts). Timed from the drop: until every player listens again, and until every presence is armed again;
// then, after a settle, which players are back with their own presence and whether an old connection's onDisconnect
// overwrote a new record. The phase (its CPU and event-loop figures) runs from the drop to the end of the settle.

import { REALTIME_AUTH_TIMEOUT_MS, REALTIME_CONNECT_TIMEOUT_MS } from '@marquee/protocol';
import type { PlayerFleet } from './playerFleet';
import { preciseNow, type PresenceResult } from './playerMessages';
import type { PhaseRunner } from './schedulePhases';
import { listenOverflows } from './processInfo';
import { percentile } from './stats';
import { isFloor, type Target } from './targets';
import { waitForRecordedOnline, type HealthSettle } from './healthSettle';

/** The reconnect storm (stormClient.ts), from the drop of every socket. */
export interface StormFigures {
  /** Players listening with their presence armed when the sockets were dropped. */
  players: number;
  /** The presence set up before the storm over the first sockets (not timed as part of the storm). */
  prepare: PresenceResult & { ms: number };
  /** Marquee: the wait until the server recorded the fleet online (healthSettle.ts); null for a floor. */
  health: HealthSettle | null;
  /**
   * Nodes on PostgreSQL: how long the shared database took to be analysed before the drop (Target.analyzeDatabase);
   * null without.
   */
  analyzedMs: number | null;
  /** From the drop until the last player listened again (both listens answered on a new socket). */
  relistenMs: number;
  /** From the drop until the last player's new presence was armed. */
  armedMs: number;
  relistened: number;
  armed: number;
  /** Every player listening and armed again within the time limit. */
  complete: boolean;
  /** Sockets opened, and the most one player needed. */
  attempts: number;
  maxAttempts: number;
  /** Failures by kind (connection errors, time-outs, refusals by code). */
  errors: Record<string, number>;
  rateLimited: number;
  rateLimitedPlayers: number;
  /** After the storm, the settle: until no presence event for a while (at least STORM_SETTLE_MS). */
  settleMs: number;
  /** The players after the settle. */
  listening: number;
  presenceOwn: number;
  lateDisconnects: number;
  lateAfterArmed: number;
  notRecovered: number;
  rateLimitedNotRecovered: number;
  /**
   * Where a storm attempt's time went (ms; percentiles of a sample): from its new socket until it opened (TCP and the
   * WebSocket handshake), and from there until its authentication was answered.
   */
  openP50Ms: number;
  openP90Ms: number;
  authP50Ms: number;
  authP90Ms: number;
  /** Connections the kernel dropped for a full accept queue during the phase (machine-wide); null: unknown. */
  listenOverflows: number | null;
  sourceAddresses: string[];
}

/** Longest wait for every player's presence to be set up before the storm. */
const PRESENCE_TIMEOUT_MS = 120_000;
/** Longest wait for the server to record the fleet online after that (a health sweep every 10 s). */
const HEALTH_SETTLE_TIMEOUT_MS = 60_000;
/** The drop is scheduled this far ahead, so that every player process drops at the same instant. */
const STORM_DROP_AHEAD_MS = 500;
/** The storm gives up on the players not back by then (they keep trying until the settle is over). */
const STORM_TIME_LIMIT_MS = 120_000;
/**
 * A socket not open by then is given up, and an open one not authenticated this long after it opened, as the real
 * client's (packages/realtime/src/core/connection.ts).
 */
const STORM_ATTEMPT_TIMEOUT_MS = REALTIME_CONNECT_TIMEOUT_MS;
const STORM_AUTH_TIMEOUT_MS = REALTIME_AUTH_TIMEOUT_MS;
/** After the storm: at least this long, then until no presence event arrived for STORM_QUIET_MS. */
const STORM_SETTLE_MS = 3000;
const STORM_QUIET_MS = 1000;
const STORM_SETTLE_LIMIT_MS = 30_000;

/** Where the storm's attempts spent their time, in words (the log and the report's footer). */
export function stormTimings(storm: StormFigures): string {
  const ms = (value: number) => (Number.isNaN(value) ? '—' : `${value.toFixed(0)} ms`);
  const overflows =
    storm.listenOverflows === null
      ? ''
      : `; ${storm.listenOverflows} connections dropped by the kernel for a full accept queue`;
  return (
    `open after p50 ${ms(storm.openP50Ms)} / p90 ${ms(storm.openP90Ms)}, ` +
    `authenticated p50 ${ms(storm.authP50Ms)} / p90 ${ms(storm.authP90Ms)} after that${overflows}`
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sets up every player's presence (untimed), then drops every socket at once and measures the players coming back
 * (the 'storm' phase: the drop, the return, the settle and the check).
 */
export async function measureStorm(
  target: Target,
  fleet: PlayerFleet,
  phases: PhaseRunner,
  log: (line: string) => void,
): Promise<StormFigures> {
  const prepareStart = performance.now();
  const prepared = await fleet.preparePresence(PRESENCE_TIMEOUT_MS);
  const prepareMs = performance.now() - prepareStart;
  log(
    `${target.kind}: presence armed for ${prepared.armed}/${prepared.players} in ${prepareMs.toFixed(0)} ms` +
      (Object.keys(prepared.errors).length > 0 ? `: ${JSON.stringify(prepared.errors)}` : ''),
  );
  let health: HealthSettle | null = null;
  if (!isFloor(target.kind)) {
    health = await waitForRecordedOnline(target, prepared.armed, HEALTH_SETTLE_TIMEOUT_MS);
    log(
      `${target.kind}: ${health.online}/${prepared.armed} screens recorded online ${health.ms.toFixed(0)} ms ` +
        `after their presence was set up`,
    );
  }
  // In the field a storm hits a database that has served the fleet for a while; here its tables filled seconds ago,
  // and PostgreSQL without their statistics scanned armed_disconnects whole for every batch of the storm.
  let analyzedMs: number | null = null;
  if (target.analyzeDatabase !== undefined) {
    const analyzeStart = performance.now();
    await target.analyzeDatabase();
    analyzedMs = performance.now() - analyzeStart;
    log(
      `${target.kind}: database analysed in ${analyzedMs.toFixed(0)} ms, as autovacuum does in a running deployment`,
    );
  }
  const overflowsBefore = listenOverflows();
  const { result, check, settleMs } = await phases.run('storm', async () => {
    const stormResult = await fleet.storm({
      dropAt: preciseNow() + STORM_DROP_AHEAD_MS,
      urls: target.nodes.map((node) => node.wsUrl),
      timeLimitMs: STORM_TIME_LIMIT_MS,
      attemptTimeoutMs: STORM_ATTEMPT_TIMEOUT_MS,
      authTimeoutMs: STORM_AUTH_TIMEOUT_MS,
    });
    // Until the old connections' onDisconnect actions have all run: no presence event for a while.
    const settleStart = performance.now();
    await sleep(STORM_SETTLE_MS);
    let stormCheck = await fleet.stormCheck();
    while (
      preciseNow() - stormCheck.lastEventAt < STORM_QUIET_MS &&
      performance.now() - settleStart < STORM_SETTLE_LIMIT_MS
    ) {
      await sleep(STORM_QUIET_MS / 4);
      stormCheck = await fleet.stormCheck();
    }
    return { result: stormResult, check: stormCheck, settleMs: performance.now() - settleStart };
  });
  const overflowsAfter = listenOverflows();
  const since = (at: number) => (at > 0 ? at - result.droppedAt : Number.NaN);
  const figures: StormFigures = {
    players: result.players,
    prepare: { ...prepared, ms: prepareMs },
    health,
    analyzedMs,
    relistenMs: since(result.lastRelistenedAt),
    armedMs: since(result.lastArmedAt),
    relistened: result.relistened,
    armed: result.armed,
    complete:
      result.failedProcesses === 0 && result.relistened === result.players && result.armed === result.players,
    attempts: result.attempts,
    maxAttempts: result.maxAttempts,
    errors: result.errors,
    rateLimited: result.rateLimited,
    rateLimitedPlayers: result.rateLimitedPlayers,
    settleMs,
    listening: check.listening,
    presenceOwn: check.presenceOwn,
    lateDisconnects: check.lateDisconnects,
    lateAfterArmed: check.lateAfterArmed,
    notRecovered: check.notRecovered + (result.players - check.players),
    rateLimitedNotRecovered: check.rateLimitedNotRecovered,
    sourceAddresses: fleet.stormSourceAddresses,
    openP50Ms: percentile(result.openSample, 50),
    openP90Ms: percentile(result.openSample, 90),
    authP50Ms: percentile(result.authSample, 50),
    authP90Ms: percentile(result.authSample, 90),
    listenOverflows:
      overflowsBefore === null || overflowsAfter === null ? null : overflowsAfter - overflowsBefore,
  };
  log(
    `${target.kind}: storm of ${figures.players}: all listening again in ${figures.relistenMs.toFixed(0)} ms, ` +
      `all armed in ${figures.armedMs.toFixed(0)} ms (${figures.attempts} sockets, at most ${figures.maxAttempts} ` +
      `for one player); after ${settleMs.toFixed(0)} ms: ${figures.listening} listening, ${figures.presenceOwn} ` +
      `with their own presence, ${figures.lateDisconnects} late disconnects, ${figures.notRecovered} not recovered` +
      (Object.keys(figures.errors).length > 0 ? `; failures ${JSON.stringify(figures.errors)}` : ''),
  );
  log(`${target.kind}: storm attempts: ${stormTimings(figures)}`);
  return figures;
}
