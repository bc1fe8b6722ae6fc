// Screen orientations (docs/player.md §Orientation and name): four names, stored in settings; the
// rotation input also takes the degrees 0, 90, 180 and 270, as numbers or numeric strings.

export const ORIENTATIONS = ['landscape', 'portrait', 'reverse_landscape', 'reverse_portrait'] as const;
export type Orientation = (typeof ORIENTATIONS)[number];

export const DEFAULT_ORIENTATION: Orientation = 'landscape';

/** Clockwise rotation applied to the frame by CSS for each orientation. */
export const ORIENTATION_DEGREES: Readonly<Record<Orientation, 0 | 90 | 180 | 270>> = Object.freeze({
  landscape: 0,
  portrait: 90,
  reverse_landscape: 180,
  reverse_portrait: 270,
});

export interface OrientationOption {
  readonly value: Orientation;
  readonly label: string;
}

/** The sidebar's orientation choices, in this order. */
export const ORIENTATION_OPTIONS: readonly OrientationOption[] = Object.freeze(
  ORIENTATIONS.map((value) => Object.freeze({ value, label: `${ORIENTATION_DEGREES[value]}°` })),
);

export function isOrientation(value: unknown): value is Orientation {
  return (ORIENTATIONS as readonly unknown[]).includes(value);
}

const DEGREES_PATTERN = /^(0|90|180|270)$/;

/** The orientation named by `value` (a name, or 0/90/180/270 as a number or numeric string), or null. */
export function parseOrientation(value: unknown): Orientation | null {
  if (isOrientation(value)) return value;
  const degrees = typeof value === 'number' ? String(value) : value;
  if (typeof degrees !== 'string' || !DEGREES_PATTERN.test(degrees)) return null;
  return ORIENTATIONS.find((name) => ORIENTATION_DEGREES[name] === Number(degrees)) ?? null;
}

export function rotationDegrees(orientation: Orientation): 0 | 90 | 180 | 270 {
  return ORIENTATION_DEGREES[orientation];
}
