// A whole form the signed-in role may not submit (a playlist's editor, a screen's settings): every field and
// button in it is disabled at once by the fieldset, and the reason is said once above it.

import type { ReactNode } from 'react';
import { Alert } from '@mantine/core';
import type { ManagementRouteName } from '@marquee/management-api';
import { useAccess } from './useAccess';

export function AllowedFieldset({
  route,
  what,
  quiet = false,
  children,
}: {
  route: ManagementRouteName;
  what?: string;
  /** Say nothing (another fieldset of the page says why). */
  quiet?: boolean;
  children: ReactNode;
}) {
  const { allowed, reason } = useAccess().verdict(route, what);
  return (
    <>
      {!allowed && !quiet && (
        <Alert color="gray" variant="light" mb="sm" data-testid="read-only">
          {reason}. You can look, not change.
        </Alert>
      )}
      <fieldset disabled={!allowed} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        {children}
      </fieldset>
    </>
  );
}
