// The studio's constants for playlists, groups, schedules, overrides and timelines, in one place. The contract's
// own values cannot be imported (the studio takes its types only, docs/management-api.md): those repeated here are
// tied to the contract's types, so a change there fails the type check here.

import type { WebhookEventType } from '@marquee/management-api';
import type { Role } from '@marquee/management-api';
import type { DayName, SourceKind } from './api/types';

/** Playlists, groups, schedules and overrides have names of at most this many characters. */
export const NAME_MAX_LENGTH = 120;

/** Screens per page of the screens list (the contract allows up to 200). */
export const SCREEN_PAGE_SIZE = 50;
/** Screens a picker offers per search. */
export const SCREEN_PICKER_LIMIT = 20;
/** How long typing pauses before a search goes to the server. */
export const SEARCH_DEBOUNCE_MS = 300;

/** Active overrides are re-read this often while the emergency panel is open (their live count of screens). */
export const OVERRIDES_POLL_MS = 3000;

/** The week as the contract names its days, Monday first (docs/schedules.md). */
export const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const satisfies readonly DayName[];
// Every DayName is in DAYS: a day the contract adds fails here.
const everyDay: Record<Exclude<DayName, (typeof DAYS)[number]>, never> = {};
void everyDay;
export const DAY_LABELS: Record<DayName, string> = {
  mon: 'Mon',
  tue: 'Tue',
  wed: 'Wed',
  thu: 'Thu',
  fri: 'Fri',
  sat: 'Sat',
  sun: 'Sun',
};

/** Schedule priorities run 0-99, the higher wins (docs/schedules.md §What a screen shows). */
export const MIN_PRIORITY = 0;
export const MAX_PRIORITY = 99;
export const DEFAULT_PRIORITY = 10;
/** A schedule's timezone 'screen': each screen's own zone. */
export const SCREEN_ZONE = 'screen';

/** An override expires at most this long after it is made. */
export const MAX_OVERRIDE_MS = 7 * 24 * 60 * 60 * 1000;
/** The expiries the emergency form offers with one click. */
export const OVERRIDE_EXPIRY_CHOICES = [
  { label: '1 hour', ms: 60 * 60 * 1000 },
  { label: '4 hours', ms: 4 * 60 * 60 * 1000 },
  { label: '1 day', ms: 24 * 60 * 60 * 1000 },
  { label: '7 days', ms: MAX_OVERRIDE_MS },
] as const;
export const DEFAULT_OVERRIDE_MS = 60 * 60 * 1000;

/** A tag: a lower-case word, a-z, 0-9 and '-', 1-32 long; at most 20 on a screen. */
export const TAG_PATTERN = /^[a-z0-9][a-z0-9-]{0,31}$/;
export const MAX_TAGS = 20;

/** The calendar snaps dragged windows to this many minutes. */
export const CALENDAR_SNAP_MINUTES = 15;
/** Pixels per hour of the week calendar. */
export const CALENDAR_HOUR_PX = 28;

/** Colours given to playlists in the calendar, in turn (Mantine colour names). */
export const PLAYLIST_COLOURS = [
  'indigo',
  'teal',
  'orange',
  'grape',
  'cyan',
  'lime',
  'pink',
  'yellow',
  'blue',
  'green',
  'violet',
  'red',
] as const;

/** The timeline's colour per source kind. */
export const SOURCE_COLOURS: Record<SourceKind, string> = {
  override: 'red',
  schedule: 'indigo',
  default: 'teal',
  idle: 'gray',
};
export const SOURCE_LABELS: Record<SourceKind, string> = {
  override: 'Emergency',
  schedule: 'Schedule',
  default: 'Default content',
  idle: 'Idle screen',
};

export const DAY_MS = 24 * 60 * 60 * 1000;

/** The events a webhook can subscribe to, as the studio offers them (docs/webhooks.md §Events). */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'screen.offline': 'A screen went offline',
  'screen.online': 'A screen is back online',
  'command.acknowledged': 'A player ran a command',
  'override.applied': 'An emergency override reached its screens',
  'fleet.incident': 'Half or more of the screens went offline at once',
};
/** A webhook's deliveries are re-read this often while shown (retries change them). */
export const DELIVERIES_REFETCH_MS = 5000;
/** Alert rule thresholds run from a minute to two days (docs/screen-health.md §Alert rules). */
export const MIN_OFFLINE_AFTER_SECONDS = 60;
export const MAX_OFFLINE_AFTER_SECONDS = 172_800;
export const DEFAULT_OFFLINE_AFTER_SECONDS = 300;
/** The units an alert threshold is typed in. */
export const THRESHOLD_UNITS = [
  { value: 'minutes', label: 'minutes', seconds: 60 },
  { value: 'hours', label: 'hours', seconds: 3600 },
] as const;
/** The uptime bar covers this many hours. */
export const UPTIME_BAR_HOURS = 24;
/** The uptime bar is re-read this often. */
export const UPTIME_REFETCH_MS = 60_000;
/** The Reports page opens on this many days up to today. */
export const REPORT_DEFAULT_DAYS = 7;
/** Items the plays chart shows by name; the rest are summed as 'Other'. */
export const REPORT_CHART_ITEMS = 6;

/** Where an OpenID provider sends members back to (docs/teams.md §Single sign-on): the redirect URI to register. */
export const SSO_CALLBACK_PATH = '/api/v1/auth/sso/callback';
/** The roles as the studio names them (docs/teams.md §Roles). */
export const ROLE_LABELS: Record<Role, string> = {
  viewer: 'Viewer',
  editor: 'Editor',
  admin: 'Admin',
  owner: 'Owner',
};
/** Audit entries per page of the Audit log. */
export const AUDIT_PAGE_SIZE = 50;

/** The layout editor snaps zones to a grid of this many percent of the screen (docs/layouts.md §Studio). */
export const LAYOUT_SNAP_GRID_PERCENT = 2.5;
/** A dragged zone edge this near (percent) another zone's or the screen's edge sticks to it. */
export const LAYOUT_SNAP_EDGE_PERCENT = 1.5;
/** The smallest width and height a resize leaves, in percent. */
export const LAYOUT_MIN_ZONE_PERCENT = 2.5;
/** Arrow keys move a zone by this many percent; with Shift, by the grid. */
export const LAYOUT_NUDGE_PERCENT = 0.5;
/** The layout editor's path segment for a layout not yet saved: /layouts/new. */
export const NEW_LAYOUT_PATH = 'new';
