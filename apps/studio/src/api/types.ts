// The management API's answers (apps/server/src/management/*.ts), as the studio reads them.

import type { AppDataItemType, Orientation } from '@marquee/protocol';

export interface Session {
  idToken: string;
  refreshToken: string;
  /** Epoch ms at which the ID token expires. */
  expiresAt: number;
  user: { id: string; email: string | null };
  org: { id: string; name: string } | null;
}

export interface ScreenStatus {
  online: boolean;
  connectedAt: number | null;
  disconnectedAt: number | null;
  lastHeartbeatAt: number | null;
  heartbeatOverdue: boolean;
  platform: string | null;
  model: string | null;
  version: string | null;
  ip: string | null;
  remoteIp: string | null;
  uptime: string | null;
  uptimeSeconds: number | null;
}

export interface ScreenSettings {
  orientation?: Orientation;
  mute?: boolean;
  daily_restart?: 'on' | 'off';
  daily_restart_time?: string;
  update_channel?: string;
}

export interface ContentSource {
  type: AppDataItemType;
  durationMs: number;
  src?: string;
  mediaId?: string;
}

export interface Screen {
  id: string;
  name: string;
  playerId: string | null;
  settings: ScreenSettings;
  content: {
    version: number;
    items: Array<{ type: AppDataItemType; src: string; durationMs: number }>;
    sources: ContentSource[];
  };
  status: ScreenStatus;
  createdAt: number;
  updatedAt: number;
}

export interface Command {
  id: string;
  command: string;
  param: unknown;
  state: 'pending' | 'acknowledged';
  raisedAt: number;
  acknowledgedAt: number | null;
}

export interface Media {
  id: string;
  filename: string;
  contentType: string;
  kind: 'image' | 'video';
  size: number;
  sha256: string;
  url: string;
  createdAt: number;
}

export interface LogLine {
  id: string;
  level: string;
  message: string;
  data: unknown;
  time: number | null;
  createdAt: number;
}

/** What PATCH /screens/{id} takes. */
export interface ScreenPatch {
  name?: string;
  orientation?: Orientation;
  settings?: Omit<ScreenSettings, 'orientation'>;
  content?: Array<{ type?: AppDataItemType; src: string; durationMs?: number }>;
}
