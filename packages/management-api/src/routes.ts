// The route table of the management API: each route's method, path and schemas. The server registers its routes
// from it (validation and OpenAPI), and a server test holds the served OpenAPI document against it, so a route
// cannot drift from what clients are told.

import type { z } from 'zod';
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
import { MediaIdParams, PlayerIdParams, ScreenIdParams } from './ids';
import { MediaDeletedSchema, MediaListSchema, MediaViewSchema } from './media';
import {
  PairRequestSchema,
  ScreenListSchema,
  ScreenPatchSchema,
  ScreenViewSchema,
  UnpairAnswerSchema,
} from './screens';

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

export const MANAGEMENT_ROUTES = {
  signUp: { method: 'POST', path: '/auth/signup', body: SignUpSchema, response: { 201: SessionSchema } },
  signIn: { method: 'POST', path: '/auth/signin', body: SignInSchema, response: { 200: SessionSchema } },
  me: { method: 'GET', path: '/me', response: { 200: MeSchema } },

  listScreens: { method: 'GET', path: '/screens', response: { 200: ScreenListSchema } },
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
