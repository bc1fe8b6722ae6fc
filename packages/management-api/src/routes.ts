// The route table of the management API: each route's method, path and schemas. The server registers its routes
// from it (validation and OpenAPI), and a server test holds the served OpenAPI document against it, so a route
// cannot drift from what clients are told.

import type { z } from 'zod';
import {
  AlertRuleListSchema,
  AlertRulePatchSchema,
  AlertRuleRequestSchema,
  AlertRuleViewSchema,
} from './alertRules';
import { ApiKeyIdParams, ApiKeyListSchema, ApiKeyRequestSchema, CreatedApiKeySchema } from './apiKeys';
import { AuditPageSchema, AuditQuerySchema } from './audit';
import { MeSchema, SessionSchema, SignInSchema, SignUpSchema } from './auth';
import {
  BulkCommandAnswerSchema,
  BulkCommandRequestSchema,
  CommandListSchema,
  CommandRequestSchema,
  CommandViewSchema,
} from './commands';
import {
  AppTokenAnswerSchema,
  AppTokenRequestSchema,
  BlockAnswerSchema,
  OverriddenPlayerAnswerSchema,
  OverriddenPlayerRequestSchema,
} from './devices';
import {
  DeviceAnswerSchema,
  ErrorPageSchema,
  LogPageSchema,
  LogQuerySchema,
  PageQuerySchema,
} from './diagnostics';
import {
  BulkTagAnswerSchema,
  BulkTagRequestSchema,
  GroupListSchema,
  GroupPatchSchema,
  GroupRequestSchema,
  GroupViewSchema,
} from './groups';
import {
  AlertRuleIdParams,
  GroupIdParams,
  LayoutIdParams,
  MediaIdParams,
  OverrideIdParams,
  PlayerIdParams,
  PlaylistIdParams,
  ScheduleIdParams,
  ScreenIdParams,
  WebhookIdParams,
} from './ids';
import { MediaDeletedSchema, MediaListSchema, MediaViewSchema } from './media';
import {
  AcceptInvitationSchema,
  CreatedInvitationSchema,
  DeleteOrgSchema,
  InvitationIdParams,
  InvitationListSchema,
  InvitationRequestSchema,
  MemberIdParams,
  MemberListSchema,
  MemberPatchSchema,
  MemberSchema,
  PasswordChangeSchema,
  PasswordResetCompleteSchema,
  PasswordResetLinkSchema,
  PasswordResetRequestedSchema,
  PasswordResetRequestSchema,
  TransferOwnershipSchema,
} from './members';
import { OverrideListSchema, OverrideRequestSchema, OverrideViewSchema } from './overrides';
import {
  DeletedSchema,
  PlaylistListSchema,
  PlaylistPatchSchema,
  PlaylistRequestSchema,
  PlaylistViewSchema,
} from './playlists';
import {
  FeedPreviewQuerySchema,
  FeedPreviewSchema,
  LayoutListSchema,
  LayoutPatchSchema,
  LayoutRequestSchema,
  LayoutViewSchema,
} from './layouts';
import { PlayListQuerySchema, PlayPageSchema, PlaySummaryQuerySchema, PlaySummarySchema } from './plays';
import {
  ScheduleListSchema,
  ScheduleOverlapsSchema,
  SchedulePatchSchema,
  ScheduleRequestSchema,
  ScheduleViewSchema,
} from './schedules';
import {
  PairRequestSchema,
  ScreenListQuerySchema,
  ScreenListSchema,
  ScreenPatchSchema,
  ScreenViewSchema,
  UnpairAnswerSchema,
} from './screens';
import { UptimeAnswerSchema, UptimeQuerySchema } from './screenHealth';
import {
  SsoCallbackQuerySchema,
  SsoConfigAnswerSchema,
  SsoConfigRequestSchema,
  SsoStartQuerySchema,
} from './sso';
import { TimelineAnswerSchema, TimelineQuerySchema } from './timeline';
import {
  CreatedWebhookSchema,
  DeliveryPageSchema,
  DeliveryQuerySchema,
  TestDeliverySchema,
  WebhookListSchema,
  WebhookRequestSchema,
} from './webhooks';

/** Where the management API is served. */
export const MANAGEMENT_API_PREFIX = '/api/v1';

export interface ManagementRoute {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** The path below MANAGEMENT_API_PREFIX, with Fastify's :parameters. */
  path: string;
  params?: z.ZodType;
  querystring?: z.ZodType;
  /** The JSON body; absent for bodiless calls and multipart uploads. */
  body?: z.ZodType;
  /** The success answer by status; absent when it is not JSON (the screenshot's bytes). */
  response?: Readonly<Record<number, z.ZodType>>;
}

const screen = { params: ScreenIdParams } as const;
const player = { params: PlayerIdParams } as const;
const media = { params: MediaIdParams } as const;
const playlist = { params: PlaylistIdParams } as const;
const group = { params: GroupIdParams } as const;
const layout = { params: LayoutIdParams } as const;
const schedule = { params: ScheduleIdParams } as const;
const override = { params: OverrideIdParams } as const;
const deleted = { response: { 200: DeletedSchema } } as const;
const alertRule = { params: AlertRuleIdParams } as const;

export const MANAGEMENT_ROUTES = {
  signUp: { method: 'POST', path: '/auth/signup', body: SignUpSchema, response: { 201: SessionSchema } },
  signIn: { method: 'POST', path: '/auth/signin', body: SignInSchema, response: { 200: SessionSchema } },
  me: { method: 'GET', path: '/me', response: { 200: MeSchema } },

  listScreens: {
    method: 'GET',
    path: '/screens',
    querystring: ScreenListQuerySchema,
    response: { 200: ScreenListSchema },
  },
  getScreen: { method: 'GET', path: '/screens/:id', ...screen, response: { 200: ScreenViewSchema } },
  updateScreen: {
    method: 'PATCH',
    path: '/screens/:id',
    ...screen,
    body: ScreenPatchSchema,
    response: { 200: ScreenViewSchema },
  },
  unpairScreen: { method: 'DELETE', path: '/screens/:id', ...screen, response: { 200: UnpairAnswerSchema } },
  pairScreen: {
    method: 'POST',
    path: '/screens/pair',
    body: PairRequestSchema,
    response: { 201: ScreenViewSchema },
  },

  raiseCommand: {
    method: 'POST',
    path: '/screens/:id/commands',
    ...screen,
    body: CommandRequestSchema,
    response: { 201: CommandViewSchema },
  },
  raiseBulkCommand: {
    method: 'POST',
    path: '/screens/commands',
    body: BulkCommandRequestSchema,
    response: { 201: BulkCommandAnswerSchema },
  },
  listCommands: {
    method: 'GET',
    path: '/screens/:id/commands',
    ...screen,
    response: { 200: CommandListSchema },
  },

  screenshot: { method: 'GET', path: '/screens/:id/screenshot', ...screen },
  device: { method: 'GET', path: '/screens/:id/device', ...screen, response: { 200: DeviceAnswerSchema } },
  logs: {
    method: 'GET',
    path: '/screens/:id/logs',
    ...screen,
    querystring: LogQuerySchema,
    response: { 200: LogPageSchema },
  },
  errors: {
    method: 'GET',
    path: '/screens/:id/errors',
    ...screen,
    querystring: PageQuerySchema,
    response: { 200: ErrorPageSchema },
  },

  blockPlayer: {
    method: 'POST',
    path: '/players/:playerId/block',
    ...player,
    response: { 200: BlockAnswerSchema },
  },
  unblockPlayer: {
    method: 'POST',
    path: '/players/:playerId/unblock',
    ...player,
    response: { 200: BlockAnswerSchema },
  },
  setAppToken: {
    method: 'PUT',
    path: '/players/:playerId/app_token',
    ...player,
    body: AppTokenRequestSchema,
    response: { 200: AppTokenAnswerSchema },
  },
  setOverriddenPlayer: {
    method: 'PUT',
    path: '/players/:playerId/overridden_player',
    ...player,
    body: OverriddenPlayerRequestSchema,
    response: { 200: OverriddenPlayerAnswerSchema },
  },

  uploadMedia: { method: 'POST', path: '/media', response: { 201: MediaViewSchema } },
  listMedia: { method: 'GET', path: '/media', response: { 200: MediaListSchema } },
  replaceMedia: { method: 'PUT', path: '/media/:id', ...media, response: { 200: MediaViewSchema } },
  deleteMedia: { method: 'DELETE', path: '/media/:id', ...media, response: { 200: MediaDeletedSchema } },

  tagScreens: {
    method: 'POST',
    path: '/screens/tags',
    body: BulkTagRequestSchema,
    response: { 200: BulkTagAnswerSchema },
  },
  screenTimeline: {
    method: 'GET',
    path: '/screens/:id/timeline',
    ...screen,
    querystring: TimelineQuerySchema,
    response: { 200: TimelineAnswerSchema },
  },

  createPlaylist: {
    method: 'POST',
    path: '/playlists',
    body: PlaylistRequestSchema,
    response: { 201: PlaylistViewSchema },
  },
  listPlaylists: { method: 'GET', path: '/playlists', response: { 200: PlaylistListSchema } },
  getPlaylist: { method: 'GET', path: '/playlists/:id', ...playlist, response: { 200: PlaylistViewSchema } },
  updatePlaylist: {
    method: 'PATCH',
    path: '/playlists/:id',
    ...playlist,
    body: PlaylistPatchSchema,
    response: { 200: PlaylistViewSchema },
  },
  deletePlaylist: { method: 'DELETE', path: '/playlists/:id', ...playlist, ...deleted },

  createLayout: {
    method: 'POST',
    path: '/layouts',
    body: LayoutRequestSchema,
    response: { 201: LayoutViewSchema },
  },
  listLayouts: { method: 'GET', path: '/layouts', response: { 200: LayoutListSchema } },
  getLayout: { method: 'GET', path: '/layouts/:id', ...layout, response: { 200: LayoutViewSchema } },
  updateLayout: {
    method: 'PATCH',
    path: '/layouts/:id',
    ...layout,
    body: LayoutPatchSchema,
    response: { 200: LayoutViewSchema },
  },
  deleteLayout: { method: 'DELETE', path: '/layouts/:id', ...layout, ...deleted },
  previewFeed: {
    method: 'GET',
    path: '/feeds/preview',
    querystring: FeedPreviewQuerySchema,
    response: { 200: FeedPreviewSchema },
  },

  createGroup: {
    method: 'POST',
    path: '/groups',
    body: GroupRequestSchema,
    response: { 201: GroupViewSchema },
  },
  listGroups: { method: 'GET', path: '/groups', response: { 200: GroupListSchema } },
  getGroup: { method: 'GET', path: '/groups/:id', ...group, response: { 200: GroupViewSchema } },
  updateGroup: {
    method: 'PATCH',
    path: '/groups/:id',
    ...group,
    body: GroupPatchSchema,
    response: { 200: GroupViewSchema },
  },
  deleteGroup: { method: 'DELETE', path: '/groups/:id', ...group, ...deleted },

  createSchedule: {
    method: 'POST',
    path: '/schedules',
    body: ScheduleRequestSchema,
    response: { 201: ScheduleViewSchema },
  },
  validateSchedule: {
    method: 'POST',
    path: '/schedules/validate',
    body: ScheduleRequestSchema,
    response: { 200: ScheduleOverlapsSchema },
  },
  listSchedules: { method: 'GET', path: '/schedules', response: { 200: ScheduleListSchema } },
  getSchedule: { method: 'GET', path: '/schedules/:id', ...schedule, response: { 200: ScheduleViewSchema } },
  updateSchedule: {
    method: 'PATCH',
    path: '/schedules/:id',
    ...schedule,
    body: SchedulePatchSchema,
    response: { 200: ScheduleViewSchema },
  },
  deleteSchedule: { method: 'DELETE', path: '/schedules/:id', ...schedule, ...deleted },

  createOverride: {
    method: 'POST',
    path: '/overrides',
    body: OverrideRequestSchema,
    response: { 201: OverrideViewSchema },
  },
  listOverrides: { method: 'GET', path: '/overrides', response: { 200: OverrideListSchema } },
  deleteOverride: { method: 'DELETE', path: '/overrides/:id', ...override, ...deleted },

  createWebhook: {
    method: 'POST',
    path: '/webhooks',
    body: WebhookRequestSchema,
    response: { 201: CreatedWebhookSchema },
  },
  listWebhooks: { method: 'GET', path: '/webhooks', response: { 200: WebhookListSchema } },
  deleteWebhook: { method: 'DELETE', path: '/webhooks/:id', params: WebhookIdParams, ...deleted },
  listWebhookDeliveries: {
    method: 'GET',
    path: '/webhooks/:id/deliveries',
    params: WebhookIdParams,
    querystring: DeliveryQuerySchema,
    response: { 200: DeliveryPageSchema },
  },
  testWebhook: {
    method: 'POST',
    path: '/webhooks/:id/test',
    params: WebhookIdParams,
    response: { 202: TestDeliverySchema },
  },
  screenUptime: {
    method: 'GET',
    path: '/screens/:id/uptime',
    ...screen,
    querystring: UptimeQuerySchema,
    response: { 200: UptimeAnswerSchema },
  },
  createAlertRule: {
    method: 'POST',
    path: '/alert-rules',
    body: AlertRuleRequestSchema,
    response: { 201: AlertRuleViewSchema },
  },
  listAlertRules: { method: 'GET', path: '/alert-rules', response: { 200: AlertRuleListSchema } },
  getAlertRule: {
    method: 'GET',
    path: '/alert-rules/:id',
    ...alertRule,
    response: { 200: AlertRuleViewSchema },
  },
  updateAlertRule: {
    method: 'PATCH',
    path: '/alert-rules/:id',
    ...alertRule,
    body: AlertRulePatchSchema,
    response: { 200: AlertRuleViewSchema },
  },
  deleteAlertRule: { method: 'DELETE', path: '/alert-rules/:id', ...alertRule, ...deleted },
  /** JSON answers PlayPageSchema; format=csv answers text/csv (streamed). */
  listPlays: {
    method: 'GET',
    path: '/plays',
    querystring: PlayListQuerySchema,
    response: { 200: PlayPageSchema },
  },
  playSummary: {
    method: 'GET',
    path: '/plays/summary',
    querystring: PlaySummaryQuerySchema,
    response: { 200: PlaySummarySchema },
  },

  listMembers: { method: 'GET', path: '/members', response: { 200: MemberListSchema } },
  updateMember: {
    method: 'PATCH',
    path: '/members/:id',
    params: MemberIdParams,
    body: MemberPatchSchema,
    response: { 200: MemberSchema },
  },
  removeMember: { method: 'DELETE', path: '/members/:id', params: MemberIdParams, ...deleted },
  createInvitation: {
    method: 'POST',
    path: '/invitations',
    body: InvitationRequestSchema,
    response: { 201: CreatedInvitationSchema },
  },
  listInvitations: { method: 'GET', path: '/invitations', response: { 200: InvitationListSchema } },
  revokeInvitation: { method: 'DELETE', path: '/invitations/:id', params: InvitationIdParams, ...deleted },
  acceptInvitation: {
    method: 'POST',
    path: '/auth/accept-invitation',
    body: AcceptInvitationSchema,
    response: { 201: SessionSchema },
  },
  changePassword: {
    method: 'POST',
    path: '/me/password',
    body: PasswordChangeSchema,
    response: { 200: SessionSchema },
  },
  requestPasswordReset: {
    method: 'POST',
    path: '/auth/password-reset',
    body: PasswordResetRequestSchema,
    response: { 202: PasswordResetRequestedSchema },
  },
  completePasswordReset: {
    method: 'POST',
    path: '/auth/password-reset/complete',
    body: PasswordResetCompleteSchema,
    response: { 200: SessionSchema },
  },
  createPasswordResetLink: {
    method: 'POST',
    path: '/members/:id/password-reset',
    params: MemberIdParams,
    response: { 201: PasswordResetLinkSchema },
  },
  transferOwnership: {
    method: 'POST',
    path: '/org/transfer-ownership',
    body: TransferOwnershipSchema,
    response: { 200: MemberListSchema },
  },
  deleteOrg: { method: 'DELETE', path: '/org', body: DeleteOrgSchema, ...deleted },

  createApiKey: {
    method: 'POST',
    path: '/api-keys',
    body: ApiKeyRequestSchema,
    response: { 201: CreatedApiKeySchema },
  },
  listApiKeys: { method: 'GET', path: '/api-keys', response: { 200: ApiKeyListSchema } },
  revokeApiKey: { method: 'DELETE', path: '/api-keys/:id', params: ApiKeyIdParams, ...deleted },

  listAudit: {
    method: 'GET',
    path: '/audit',
    querystring: AuditQuerySchema,
    response: { 200: AuditPageSchema },
  },

  getSso: { method: 'GET', path: '/sso', response: { 200: SsoConfigAnswerSchema } },
  putSso: {
    method: 'PUT',
    path: '/sso',
    body: SsoConfigRequestSchema,
    response: { 200: SsoConfigAnswerSchema },
  },
  deleteSso: { method: 'DELETE', path: '/sso', ...deleted },
  /** Redirects (302) to the organisation's provider. */
  ssoStart: { method: 'GET', path: '/auth/sso/start', querystring: SsoStartQuerySchema },
  /** The provider redirects here; answers a redirect (302) to the studio with the session. */
  ssoCallback: { method: 'GET', path: '/auth/sso/callback', querystring: SsoCallbackQuerySchema },
} as const satisfies Record<string, ManagementRoute>;

type Routes = typeof MANAGEMENT_ROUTES;
export type ManagementRouteName = keyof Routes;

/** The JSON a route answers with on success (its schema's output: what the server sends). */
export type RouteAnswer<Name extends ManagementRouteName> = Routes[Name] extends {
  response: infer Answers extends Readonly<Record<number, z.ZodType>>;
}
  ? z.output<Answers[keyof Answers]>
  : never;

/** What a client sends as a route's JSON body (its schema's input). */
export type RouteBody<Name extends ManagementRouteName> = Routes[Name] extends {
  body: infer Body extends z.ZodType;
}
  ? z.input<Body>
  : never;
