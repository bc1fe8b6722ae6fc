// Uptime label of the sidebar footer (docs/player.md §Sidebar; docs/decisions.md, "Uptime": '{h}hr {m}m {s}s', hours
// past 24).

/** '{h}hr {m}m {s}s' for whole seconds (fractions dropped); negative, NaN or infinite input is '0hr 0m 0s'. */
export function formatUptime(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  return `${hours}hr ${minutes}m ${total % 60}s`;
}
