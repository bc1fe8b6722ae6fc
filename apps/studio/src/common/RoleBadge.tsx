import { Badge } from '@mantine/core';
import type { Role } from '@marquee/management-api';
import { ROLE_LABELS } from '../constants';

const COLOURS: Record<Role, string> = { viewer: 'gray', editor: 'blue', admin: 'violet', owner: 'orange' };

export function RoleBadge({ role }: { role: Role }) {
  return (
    <Badge color={COLOURS[role]} variant="light" tt="none">
      {ROLE_LABELS[role]}
    </Badge>
  );
}
