// The Delete button of a list's row: quiet and red, named for what it deletes (for screen readers, and so a page of
// rows has one "Delete <name>" per row). The page asks before deleting (useConfirm, useRefusableDeletion).

import { Button } from '@mantine/core';

export interface DeleteRowButtonProps {
  /** What the row is called: the button's accessible name is "Delete <name>". */
  name: string;
  onClick: () => void;
  /** Set by Allowed for a role that may not delete. */
  disabled?: boolean;
}

export function DeleteRowButton({ name, onClick, disabled }: DeleteRowButtonProps) {
  return (
    <Button
      size="xs"
      variant="subtle"
      color="red"
      onClick={onClick}
      disabled={disabled}
      aria-label={`Delete ${name}`}
    >
      Delete
    </Button>
  );
}
