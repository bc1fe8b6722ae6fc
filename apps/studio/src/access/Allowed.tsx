// One control the signed-in role may not use: disabled, with the reason in a tooltip (or not shown at all).

import { cloneElement, type ReactElement } from 'react';
import { Tooltip } from '@mantine/core';
import type { ManagementRouteName } from '@marquee/management-api';
import { useAccess } from './useAccess';

export interface AllowedProps {
  /** The route the control calls. */
  route: ManagementRouteName;
  /** What the route does, as the reason ends: "Editors and above can <what>". */
  what?: string;
  /** Leave the control out instead of disabling it. */
  hide?: boolean;
  children: ReactElement<{ disabled?: boolean }>;
}

export function Allowed({ route, what, hide = false, children }: AllowedProps) {
  const { allowed, reason } = useAccess().verdict(route, what);
  if (allowed) return children;
  if (hide) return null;
  // A disabled button fires no pointer events: the tooltip listens on a wrapper.
  return (
    <Tooltip label={reason} withArrow>
      <span style={{ display: 'inline-block' }} data-refused={reason ?? undefined}>
        {cloneElement(children, { disabled: true })}
      </span>
    </Tooltip>
  );
}
