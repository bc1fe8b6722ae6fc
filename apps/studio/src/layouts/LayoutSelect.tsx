import { Select, type SelectProps } from '@mantine/core';
import type { NamedRef } from '../api/types';

/** Choosing one of the organisation's layouts by name. */
export function LayoutSelect({
  layouts,
  ...props
}: { layouts: readonly NamedRef[] } & Omit<SelectProps, 'data' | 'label' | 'placeholder' | 'searchable'>) {
  return (
    <Select
      label="Layout"
      placeholder="Choose a layout"
      data={layouts.map((layout) => ({ value: layout.id, label: layout.name }))}
      searchable
      {...props}
    />
  );
}
