import { Select } from '@mantine/core';
import type { Role } from '@marquee/management-api';
import { ROLE_LABELS } from '../constants';

/**
 * A member's role, changeable to the roles the caller may give. A member whose role is above them all (an owner,
 * seen by an admin) cannot be changed by this caller: the select is disabled.
 */
export function MemberRoleSelect({
  email,
  role,
  grantable,
  onChange,
}: {
  email: string;
  role: Role;
  grantable: Role[];
  onChange(role: Role): void;
}) {
  const options = grantable.includes(role) ? grantable : [...grantable, role];
  return (
    <Select
      aria-label={`Role of ${email}`}
      size="xs"
      w={130}
      data={options.map((option) => ({ value: option, label: ROLE_LABELS[option] }))}
      value={role}
      disabled={!grantable.includes(role)}
      allowDeselect={false}
      onChange={(value) => value !== null && onChange(value as Role)}
    />
  );
}
