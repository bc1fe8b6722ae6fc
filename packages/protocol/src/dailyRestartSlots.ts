// The 24 daily-restart slots of docs/player.md §Settings. Values keep the original's odd 12-hour form with '00' for
// the twelve o'clock hour ('00:00am' is midnight, '00:00pm' noon); labels use the usual clock ('12:00am - 12:59am').

export interface DailyRestartSlot {
  /** Stored value, e.g. '04:00am'. */
  readonly value: string;
  /** One-hour range shown to the operator, e.g. '4:00am - 4:59am'. */
  readonly label: string;
  /** The slot's hour on the 24-hour clock, 0–23. */
  readonly hour24: number;
}

const pad2 = (n: number): string => String(n).padStart(2, '0');
const meridiem = (hour24: number): 'am' | 'pm' => (hour24 < 12 ? 'am' : 'pm');

function clockTime(hour24: number, minute: number): string {
  return `${hour24 % 12 === 0 ? 12 : hour24 % 12}:${pad2(minute)}${meridiem(hour24)}`;
}

function slotValue(hour24: number): string {
  return `${pad2(hour24 % 12)}:00${meridiem(hour24)}`;
}

export const DAILY_RESTART_SLOTS: readonly DailyRestartSlot[] = Object.freeze(
  Array.from({ length: 24 }, (_, hour24) =>
    Object.freeze({
      value: slotValue(hour24),
      label: `${clockTime(hour24, 0)} - ${clockTime(hour24, 59)}`,
      hour24,
    }),
  ),
);

/** The 24-hour clock hour of a slot value, or null when the value is not one of the 24 slots. */
export function slotToHour(value: unknown): number | null {
  return DAILY_RESTART_SLOTS.find((slot) => slot.value === value)?.hour24 ?? null;
}

/** The slot value of an hour 0–23; any other number is a RangeError. */
export function hourToSlot(hour: number): string {
  const slot = Number.isInteger(hour) ? DAILY_RESTART_SLOTS[hour] : undefined;
  if (!slot) throw new RangeError(`Hour must be an integer from 0 to 23, got ${String(hour)}`);
  return slot.value;
}
