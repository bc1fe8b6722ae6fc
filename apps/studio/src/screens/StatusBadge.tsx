import { Badge } from '@mantine/core';

export function StatusBadge({
  online,
  overdue,
  paired = true,
}: {
  online: boolean;
  overdue: boolean;
  paired?: boolean;
}) {
  if (!paired)
    return (
      <Badge color="gray" variant="light">
        No player
      </Badge>
    );
  if (!online)
    return (
      <Badge color="red" variant="light">
        Offline
      </Badge>
    );
  if (overdue)
    return (
      <Badge color="yellow" variant="light">
        Online, heartbeat late
      </Badge>
    );
  return (
    <Badge color="teal" variant="light">
      Online
    </Badge>
  );
}
