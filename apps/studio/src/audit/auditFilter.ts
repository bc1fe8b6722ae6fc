// The Audit page's filters as typed (dates in the operator's own calendar, ids) and the query they make: a date
// range covers whole local days, from the first day's midnight to the last day's end, whatever DST does between.

import type { AuditFilter } from '../api/audit';

export interface AuditFilterValues {
  /** YYYY-MM-DD, or '' for no bound. */
  fromDate: string;
  toDate: string;
  actor: string;
  target: string;
}

export const EMPTY_AUDIT_FILTER: AuditFilterValues = { fromDate: '', toDate: '', actor: '', target: '' };

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The local midnight starting `date` plus `days`; null for a date that is not one. */
function localMidnight(date: string, days = 0): number | null {
  const match = DATE.exec(date);
  if (match === null) return null;
  const at = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + days).getTime();
  return Number.isNaN(at) ? null : at;
}

export function auditFilterOf(values: AuditFilterValues): AuditFilter {
  const from = localMidnight(values.fromDate);
  const nextDay = localMidnight(values.toDate, 1);
  return {
    from: from ?? undefined,
    to: nextDay === null ? undefined : nextDay - 1,
    actor: values.actor.trim() || undefined,
    target: values.target.trim() || undefined,
  };
}
