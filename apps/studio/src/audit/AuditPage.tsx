import { useState } from 'react';
import { Button, Center, Stack, Text } from '@mantine/core';
import type { AuditEntry } from '@marquee/management-api';
import { useAuditLog } from '../api/audit';
import { ListTable } from '../common/ListTable';
import { PageHeader } from '../common/PageHeader';
import { QueryStatus } from '../common/QueryStatus';
import { AUDIT_PAGE_SIZE } from '../constants';
import { AuditFiltersBar } from './AuditFiltersBar';
import { auditFilterOf, EMPTY_AUDIT_FILTER, type AuditFilterValues } from './auditFilter';
import { AuditRow } from './AuditRow';

export function AuditPage() {
  const [values, setValues] = useState<AuditFilterValues>(EMPTY_AUDIT_FILTER);
  const [open, setOpen] = useState<string | null>(null);
  const log = useAuditLog(auditFilterOf(values), AUDIT_PAGE_SIZE);
  const entries: AuditEntry[] | undefined = log.data?.pages.flatMap((page) => page.entries);
  return (
    <Stack gap="lg">
      <PageHeader
        title="Audit log"
        description="Every change made to your organisation, by whom (a member or an API key), newest first. Times are yours."
      />
      <AuditFiltersBar values={values} onChange={setValues} onClear={() => setValues(EMPTY_AUDIT_FILTER)} />
      <QueryStatus query={log} title="Could not load the audit log" />
      <ListTable
        items={entries}
        label="Audit log"
        headers={['When', 'Who', 'Action', 'Target', 'IP']}
        spacing="xs"
        empty={
          <Text c="dimmed" role="status">
            No change matches.
          </Text>
        }
      >
        {(entry) => (
          <AuditRow
            key={entry.id}
            entry={entry}
            open={open === entry.id}
            onToggle={() => setOpen(open === entry.id ? null : entry.id)}
          />
        )}
      </ListTable>
      {log.hasNextPage && (
        <Center>
          <Button variant="default" loading={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
            Load more
          </Button>
        </Center>
      )}
    </Stack>
  );
}
