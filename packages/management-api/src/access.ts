// Who may call what (docs/teams.md §Roles): the roles of members and API keys, and the one table that names, for
// every management route, the least role it needs. The server enforces the table on every route (and refuses to
// start with a route missing from it); its OpenAPI document shows each route's role; the studio reads the same
// table to hide or disable what the signed-in role may not do. No zod here: the studio bundles this module.

import type { ManagementRouteName } from './routes';

/** The roles, weakest first: each can do everything the one before it can. */
export const ROLES = ['viewer', 'editor', 'admin', 'owner'] as const;
export type Role = (typeof ROLES)[number];

/** Whether `role` may do what `needed` may. */
export function roleAtLeast(role: Role, needed: Role): boolean {
  return ROLES.indexOf(role) >= ROLES.indexOf(needed);
}

/**
 * A route's access: `public` (no credential: sign-up, sign-in, accepting an invitation…); `member` (any signed-in
 * member, never an API key: the caller's own session and password); or the least role a member or key needs.
 */
export type RouteAccess = 'public' | 'member' | Role;

/** Every management route's access. A route missing here fails to compile, and the server refuses to serve it. */
export const ROUTE_ACCESS: { readonly [Name in ManagementRouteName]: RouteAccess } = {
  signUp: 'public',
  signIn: 'public',
  me: 'viewer',

  // Screens: viewers read; editors change settings, tags and send commands; pairing and unpairing a screen, and
  // blocking a device, change the fleet itself and are an admin's.
  listScreens: 'viewer',
  getScreen: 'viewer',
  updateScreen: 'editor',
  unpairScreen: 'admin',
  pairScreen: 'admin',
  raiseCommand: 'editor',
  raiseBulkCommand: 'editor',
  listCommands: 'viewer',
  screenshot: 'viewer',
  device: 'viewer',
  logs: 'viewer',
  errors: 'viewer',
  blockPlayer: 'admin',
  unblockPlayer: 'admin',
  setAppToken: 'editor',
  setOverriddenPlayer: 'editor',
  tagScreens: 'editor',
  screenTimeline: 'viewer',
  screenUptime: 'viewer',

  // Content.
  uploadMedia: 'editor',
  listMedia: 'viewer',
  replaceMedia: 'editor',
  deleteMedia: 'editor',
  createPlaylist: 'editor',
  listPlaylists: 'viewer',
  getPlaylist: 'viewer',
  updatePlaylist: 'editor',
  deletePlaylist: 'editor',
  createLayout: 'editor',
  listLayouts: 'viewer',
  getLayout: 'viewer',
  updateLayout: 'editor',
  deleteLayout: 'editor',
  // Makes the server fetch an address: an editor's, like saving the layout that would register it.
  previewFeed: 'editor',
  createGroup: 'editor',
  listGroups: 'viewer',
  getGroup: 'viewer',
  updateGroup: 'editor',
  deleteGroup: 'editor',
  createSchedule: 'editor',
  validateSchedule: 'editor',
  listSchedules: 'viewer',
  getSchedule: 'viewer',
  updateSchedule: 'editor',
  deleteSchedule: 'editor',
  createOverride: 'editor',
  listOverrides: 'viewer',
  deleteOverride: 'editor',
  listPlays: 'viewer',
  playSummary: 'viewer',

  // Integrations and alerting: an admin's, reads included (a webhook's deliveries carry its URLs and payloads).
  createWebhook: 'admin',
  listWebhooks: 'admin',
  deleteWebhook: 'admin',
  listWebhookDeliveries: 'admin',
  testWebhook: 'admin',
  createAlertRule: 'admin',
  listAlertRules: 'admin',
  getAlertRule: 'admin',
  updateAlertRule: 'admin',
  deleteAlertRule: 'admin',

  // The team.
  listMembers: 'admin',
  updateMember: 'admin',
  removeMember: 'admin',
  createInvitation: 'admin',
  listInvitations: 'admin',
  revokeInvitation: 'admin',
  createPasswordResetLink: 'admin',
  acceptInvitation: 'public',
  requestPasswordReset: 'public',
  completePasswordReset: 'public',
  changePassword: 'member',
  transferOwnership: 'owner',
  deleteOrg: 'owner',
  createApiKey: 'admin',
  listApiKeys: 'admin',
  revokeApiKey: 'admin',
  listAudit: 'admin',
  getSso: 'admin',
  putSso: 'admin',
  deleteSso: 'admin',
  ssoStart: 'public',
  ssoCallback: 'public',
};
