// The device's IANA time zone: what a screen's schedules follow unless an operator pins another
// (docs/schedules.md §What a screen shows). Reported at registration and in every heartbeat.
//
// Temporal.Now.timeZoneId() where the engine has it, else Intl.DateTimeFormat().resolvedOptions(): both name the
// zone the engine runs in, but the first DateTimeFormat a page builds loads the locale's date patterns, which took
// 50–130 ms of main thread in Chromium (many times that on a throttled CPU), on the path to registration
// (docs/player.md §Start-up timings). Temporal answers in microseconds.

interface IntlLike {
  DateTimeFormat(): { resolvedOptions(): { timeZone?: string } };
}

interface TemporalLike {
  Now: { timeZoneId(): string };
}

const zoneOrNull = (zone: unknown) => (typeof zone === 'string' && zone !== '' ? zone : null);

function temporalZone(temporal: TemporalLike | undefined): string | null {
  try {
    return zoneOrNull(temporal?.Now.timeZoneId());
  } catch {
    return null;
  }
}

/** 'Europe/London', or null where the runtime does not say (an engine without time zone data). */
export function deviceTimeZone(
  intl: IntlLike = Intl as unknown as IntlLike,
  temporal: TemporalLike | undefined = (globalThis as { Temporal?: TemporalLike }).Temporal,
): string | null {
  const fromTemporal = temporalZone(temporal);
  if (fromTemporal !== null) return fromTemporal;
  try {
    return zoneOrNull(intl.DateTimeFormat().resolvedOptions().timeZone);
  } catch {
    return null;
  }
}
