// How a screen's health reads: "Offline since 12 Jan 2026, 14:03:00 (25 min)".

import type { Screen } from '../api/types';
import { formatDateTime, formatDuration } from '../common/time';

export function healthLabel(health: Screen['health'], now: number): string {
  const state = health.state === 'online' ? 'Online' : 'Offline';
  return `${state} since ${formatDateTime(health.since)} (${formatDuration(Math.max(0, now - health.since))})`;
}
