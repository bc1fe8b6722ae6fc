// The management API's requests and answers as the studio uses them: the contract's own types
// (@marquee/management-api), imported as types only, so nothing of the contract or of zod reaches the bundle.

import type { SessionAnswer } from '@marquee/management-api';

export type {
  BulkTagRequest,
  CommandView as Command,
  ContentItemInput,
  ContentSourceView as ContentSource,
  DayName,
  GroupPatch,
  GroupRequest,
  GroupView as Group,
  LogLineView as LogLine,
  MediaView as Media,
  NamedRef,
  OverrideRequest,
  OverrideView as Override,
  PlaylistPatch,
  PlaylistRequest,
  PlaylistUsage,
  PlaylistView as Playlist,
  ScheduleOverlaps,
  SchedulePatch,
  ScheduleRequest,
  ScheduleView as Schedule,
  ScreenPatch,
  ScreenSettings,
  ScreenStatus,
  ScreenTimelineStatus,
  ScreenView as Screen,
  SourceKind,
  TargetsInput,
  TimelineAnswer,
  TimelineSegment,
} from '@marquee/management-api';

/** A signed-in session as the studio keeps it: the sign-in's answer, with the ID token's expiry as a time. */
export interface Session extends Omit<SessionAnswer, 'expiresIn'> {
  /** Epoch ms at which the ID token expires. */
  expiresAt: number;
}
