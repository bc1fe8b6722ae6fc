// Mass-outage detection (docs/screen-health.md §Mass outage): half or more of an organisation's screens that went
// silent within two minutes of each other are one incident, announced once, not one alert per screen. Small
// fleets are left out: with fewer than four screens, two going down is two alerts.

export const MASS_OUTAGE_WINDOW_MS = 2 * 60 * 1000;
export const MASS_OUTAGE_MIN_SCREENS = 4;

export interface SilentScreen {
  screenId: string;
  /** When it was last seen. */
  silentSince: number;
}

/**
 * The largest set of `silent` screens whose silences began within the window of each other, when it is half or
 * more of `fleetSize` screens (and the fleet is big enough); else null.
 */
export function massOutage(fleetSize: number, silent: readonly SilentScreen[]): SilentScreen[] | null {
  if (fleetSize < MASS_OUTAGE_MIN_SCREENS) return null;
  const sorted = [...silent].sort((a, b) => a.silentSince - b.silentSince);
  let best: SilentScreen[] = [];
  let start = 0;
  for (let end = 0; end < sorted.length; end++) {
    while (sorted[end]!.silentSince - sorted[start]!.silentSince > MASS_OUTAGE_WINDOW_MS) start++;
    if (end - start + 1 > best.length) best = sorted.slice(start, end + 1);
  }
  return best.length * 2 >= fleetSize ? best : null;
}
