// The Reports page's filters: a range of local dates (each screen's own days, `to` included, as the API reads
// dates) and optional screen, group and playlist. Pure, so the page's rules are tested without rendering.

import type { QueryValues } from '../api/queryString';

export interface ReportFilters {
  /** 'YYYY-MM-DD'. */
  from: string;
  to: string;
  screenId: string | null;
  groupId: string | null;
  playlistId: string | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The last `days` days up to today (the operator's own date). */
export function defaultFilters(now: number, days: number): ReportFilters {
  const offset = new Date(now).getTimezoneOffset() * 60_000;
  const today = now - offset;
  return {
    from: isoDate(today - (days - 1) * DAY_MS),
    to: isoDate(today),
    screenId: null,
    groupId: null,
    playlistId: null,
  };
}

/** What is wrong with the range, naming the field; null when it can be asked. */
export function rangeProblem(filters: ReportFilters): { field: 'from' | 'to'; message: string } | null {
  if (filters.from === '') return { field: 'from', message: 'Choose a first day' };
  if (filters.to === '') return { field: 'to', message: 'Choose a last day' };
  if (filters.to < filters.from) return { field: 'to', message: 'The last day must not be before the first' };
  return null;
}

/** The API's query values of `filters`, plus `extra`. */
export function reportQuery(filters: ReportFilters, extra: QueryValues = {}): QueryValues {
  return {
    from: filters.from,
    to: filters.to,
    screenId: filters.screenId,
    groupId: filters.groupId,
    playlistId: filters.playlistId,
    ...extra,
  };
}
