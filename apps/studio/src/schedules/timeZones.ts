// The time zones an operator can choose: every IANA zone the browser knows, after the screens' own.

import { SCREEN_ZONE } from '../constants';

export const SCREEN_ZONE_LABEL = "Each screen's own time zone";

/** The browser's zone: the calendar's until the operator picks another. */
export const browserZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

export function zoneNames(): string[] {
  const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf;
  const names = supported === undefined ? [] : supported('timeZone');
  return names.includes('UTC') ? names : [...names, 'UTC'];
}

export const scheduleZoneOptions = () => [
  { value: SCREEN_ZONE, label: SCREEN_ZONE_LABEL },
  ...zoneNames().map((zone) => ({ value: zone, label: zone })),
];
