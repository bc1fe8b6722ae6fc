// The Reports page's state: its filters, the summary by local day and item they select (one request feeds the
// chart and the table), and the CSV export of the same plays.

import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { RouteAnswer } from '@marquee/management-api';
import { useApi } from '../api/context';
import { withQuery } from '../api/queryString';
import { REPORT_CHART_ITEMS, REPORT_DEFAULT_DAYS } from '../constants';
import { itemTotals, playsChart } from './playsByDay';
import { defaultFilters, rangeProblem, reportQuery, type ReportFilters } from './reportFilters';

/** Hands a downloaded file to the browser (an object URL clicked as a link). */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function usePlayReport(now: () => number = Date.now, save: typeof saveFile = saveFile) {
  const api = useApi();
  const [filters, setFilters] = useState<ReportFilters>(() => defaultFilters(now(), REPORT_DEFAULT_DAYS));
  const problem = rangeProblem(filters);
  const path = withQuery('/plays/summary', reportQuery(filters, { groupBy: 'day,item' }));
  const summary = useQuery({
    queryKey: ['plays', 'summary', path],
    queryFn: () => api.get<RouteAnswer<'playSummary'>>(path),
    enabled: problem === null,
    placeholderData: keepPreviousData,
  });
  const rows = summary.data?.rows ?? [];
  const exportCsv = useMutation({
    mutationFn: async () => {
      const blob = await api.blob(withQuery('/plays', reportQuery(filters, { format: 'csv' })));
      if (blob === null) throw new Error('The export found nothing to download');
      save(blob, `plays-${filters.from}-to-${filters.to}.csv`);
    },
  });
  return {
    filters,
    change: (patch: Partial<ReportFilters>) => setFilters((current) => ({ ...current, ...patch })),
    problem,
    summary,
    chart: playsChart(rows, filters.from, filters.to, REPORT_CHART_ITEMS),
    items: itemTotals(rows),
    exportCsv,
  };
}
