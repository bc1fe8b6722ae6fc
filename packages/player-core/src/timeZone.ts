// The device's IANA time zone, as Intl reports it: what a screen's schedules follow unless an operator pins another
// (docs/schedules.md §What a screen shows). Reported at registration and in every heartbeat.

interface IntlLike {
  DateTimeFormat(): { resolvedOptions(): { timeZone?: string } };
}

/** 'Europe/London', or null where the runtime does not say (an engine without time zone data). */
export function deviceTimeZone(intl: IntlLike = Intl as unknown as IntlLike): string | null {
  try {
    const zone = intl.DateTimeFormat().resolvedOptions().timeZone;
    return typeof zone === 'string' && zone !== '' ? zone : null;
  } catch {
    return null;
  }
}
