// Proof of play (docs/proof-of-play.md): what played, per day and item, on the chosen screens and days, and the
// plays themselves as CSV.

import { Button, Card, Stack, Text } from '@mantine/core';
import { EmptyState } from '../common/EmptyState';
import { PageHeader } from '../common/PageHeader';
import { QueryStatus } from '../common/QueryStatus';
import { ItemTotalsTable } from './ItemTotalsTable';
import { PlaysChart } from './PlaysChart';
import { ReportFiltersBar } from './ReportFiltersBar';
import { usePlayReport } from './usePlayReport';

export function ReportsPage() {
  const report = usePlayReport();
  const exportButton = (
    <Button
      variant="default"
      onClick={() => report.exportCsv.mutate()}
      loading={report.exportCsv.isPending}
      disabled={report.problem !== null}
    >
      Export CSV
    </Button>
  );
  return (
    <Stack gap="lg">
      <PageHeader
        title="Reports"
        description="Proof of play: what each screen showed, by day in the screen's own time zone."
        actions={exportButton}
      />
      <ReportFiltersBar filters={report.filters} problem={report.problem} onChange={report.change} />
      {report.exportCsv.error !== null && (
        <Text c="red" size="sm" role="alert">
          {report.exportCsv.error.message}
        </Text>
      )}
      <QueryStatus query={report.summary} title="Could not load the report" />
      {report.items.length === 0 ? (
        report.summary.isSuccess && (
          <EmptyState title="No plays in these days">
            Screens report what they show once a minute; choose other days or filters.
          </EmptyState>
        )
      ) : (
        <>
          <Card withBorder>
            <PlaysChart data={report.chart} />
          </Card>
          <ItemTotalsTable items={report.items} />
        </>
      )}
    </Stack>
  );
}
