import { Button, Group, TextInput } from '@mantine/core';
import type { AuditFilterValues } from './auditFilter';

export function AuditFiltersBar({
  values,
  onChange,
  onClear,
}: {
  values: AuditFilterValues;
  onChange(values: AuditFilterValues): void;
  onClear(): void;
}) {
  const field = (name: keyof AuditFilterValues) => ({
    value: values[name],
    onChange: (event: { currentTarget: { value: string } }) =>
      onChange({ ...values, [name]: event.currentTarget.value }),
  });
  return (
    <Group align="flex-end" gap="sm">
      <TextInput label="From" type="date" {...field('fromDate')} />
      <TextInput label="To" type="date" {...field('toDate')} />
      <TextInput label="Who (member or key id)" {...field('actor')} />
      <TextInput label="Target id" {...field('target')} />
      <Button variant="default" onClick={onClear}>
        Clear
      </Button>
    </Group>
  );
}
