// An emergency override as its form holds it, and the body the API takes (docs/schedules.md §Model): a playlist, a
// layout or a full-screen message on some screens until it expires, at most 7 days ahead. The expiry is typed as the
// browser's wall clock ('YYYY-MM-DDTHH:MM', a datetime-local field) and sent as an instant.

import type { OverrideRequest } from '../api/types';
import type { FieldErrors } from '../common/fieldErrors';
import { nameProblem } from '../common/names';
import { MAX_OVERRIDE_MS } from '../constants';
import { NO_TARGETS, targetsInputOf, targetsProblem, type TargetsValue } from '../targets/targets';

export interface OverrideValues {
  name: string;
  show: 'message' | 'playlist' | 'layout';
  message: string;
  playlistId: string | null;
  layoutId: string | null;
  targets: TargetsValue;
  /** The browser's wall clock, 'YYYY-MM-DDTHH:MM'. */
  expiresAt: string;
}

export const OVERRIDE_FIELDS = ['name', 'message', 'playlistId', 'layoutId', 'targets', 'expiresAt'];
export const MESSAGE_MAX_LENGTH = 500;

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as a datetime-local field shows it (the browser's zone). */
export function localInputOf(instant: number): string {
  const d = new Date(instant);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function newOverrideValues(now: number, expiresInMs: number): OverrideValues {
  return {
    name: '',
    show: 'message',
    message: '',
    playlistId: null,
    layoutId: null,
    targets: { ...NO_TARGETS, all: true },
    expiresAt: localInputOf(now + expiresInMs),
  };
}

export type OverrideCheck = { ok: true; body: OverrideRequest } | { ok: false; errors: FieldErrors };

export function checkOverride(values: OverrideValues, now: number): OverrideCheck {
  const errors: FieldErrors = {};
  const name = nameProblem(values.name, 'Fire drill');
  if (name !== null) errors.name = name;
  if (values.show === 'message') {
    if (values.message.trim() === '') errors.message = 'Type the message the screens show';
    else if (values.message.trim().length > MESSAGE_MAX_LENGTH)
      errors.message = `A message has at most ${MESSAGE_MAX_LENGTH} characters`;
  } else if (values.show === 'playlist' && values.playlistId === null)
    errors.playlistId = 'Choose the playlist to show';
  else if (values.show === 'layout' && values.layoutId === null)
    errors.layoutId = 'Choose the layout to show';
  const targets = targetsProblem(values.targets);
  if (targets !== null) errors.targets = targets;
  // A datetime-local value without a zone is read in the browser's own.
  const expires = values.expiresAt === '' ? NaN : new Date(values.expiresAt).getTime();
  if (!Number.isFinite(expires)) errors.expiresAt = 'Choose when it ends';
  else if (expires <= now) errors.expiresAt = 'It must end in the future';
  else if (expires > now + MAX_OVERRIDE_MS) errors.expiresAt = 'It can last 7 days at most';
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    body: {
      name: values.name.trim(),
      ...(values.show === 'message'
        ? { message: values.message.trim() }
        : values.show === 'playlist'
          ? { playlistId: values.playlistId as string }
          : { layoutId: values.layoutId as string }),
      targets: targetsInputOf(values.targets),
      expiresAt: new Date(expires).toISOString(),
    },
  };
}
