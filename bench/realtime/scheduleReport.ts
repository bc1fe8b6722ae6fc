// The schedules phases' figures (--schedules, schedulePhases.ts) beside the fleet-wide command of the same run: the
// schedule change against the fleet-wide change (both one request reaching every player), the group edit's server
// CPU and longest event-loop stall against the fleet-wide command's. Budgets: docs/testing.md §Benchmarks.

import type { TargetFigures } from './measureTarget';
import { BUDGETS, type FigureRow, type Status } from './report';

/** The baseline column's title. */
export const SCHEDULE_BASELINE = 'fleet-wide command';

function judge(requested: number, ok: boolean): Status {
  return requested < BUDGETS.players ? 'n/a' : ok ? 'pass' : 'fail';
}

const ratio = (value: number, baseline: number | null) =>
  baseline === null || !(baseline > 0) || !Number.isFinite(value) ? null : value / baseline;

/** The rows of one Marquee run with --schedules; none without. Budgets are judged at 20,000 players only. */
export function scheduleRows(figures: TargetFigures, requested: number): FigureRow[] {
  const schedules = figures.schedules;
  if (schedules === null) return [];
  const { change, groupEdit } = schedules;
  const fleet = figures.fleetWide;
  const fleetCpu = figures.cpu.fleetWide?.server ?? null;
  const fleetStall = figures.loop.fleetWide?.delayMaxMs ?? null;
  const screens = schedules.screens.toLocaleString('en');
  const row = (
    id: string,
    label: string,
    unit: string,
    marquee: number,
    baseline: number | null,
    budget: string | null,
    status: Status | null,
    note?: string,
  ): FigureRow => ({
    id,
    label,
    unit,
    marquee,
    floor: baseline,
    ratio: ratio(marquee, baseline),
    budget,
    status,
    ...(note === undefined ? {} : { note }),
  });
  return [
    row(
      'scheduleChange',
      `schedule change to a group of ${screens}: every player has it`,
      'ms',
      change.ms,
      fleet.ms,
      `≤ ${BUDGETS.scheduleChangeMs} ms`,
      judge(
        requested,
        change.complete && change.failedRequests === 0 && change.ms <= BUDGETS.scheduleChangeMs,
      ),
      change.complete && change.failedRequests === 0
        ? undefined
        : `${change.received} of ${change.players} have version ${change.version}; failed requests: ${change.failedRequests}`,
    ),
    row(
      'scheduleRequest',
      'schedule change: until the HTTP answer',
      'ms',
      change.httpMs,
      fleet.httpMs,
      null,
      null,
    ),
    row(
      'groupEditCpu',
      `group edit: server CPU recomputing ${screens} timelines`,
      's',
      groupEdit.serverCpuSeconds,
      fleetCpu,
      `≤ ${BUDGETS.groupEditCpuSeconds} s`,
      judge(
        requested,
        groupEdit.failedRequests === 0 && groupEdit.serverCpuSeconds <= BUDGETS.groupEditCpuSeconds,
      ),
      groupEdit.failedRequests === 0 ? undefined : 'the group edit failed',
    ),
    row(
      'groupEditStall',
      'group edit: longest event-loop stall',
      'ms',
      groupEdit.loopMaxMs,
      fleetStall,
      `≤ ${BUDGETS.groupEditStallMs} ms`,
      judge(requested, groupEdit.failedRequests === 0 && groupEdit.loopMaxMs <= BUDGETS.groupEditStallMs),
    ),
  ];
}
