// What the player API does (docs/protocols/player-api.md), apart from HTTP: registration, authentication of a
// player by its API token or secret, credentials rotation, settings, unpairing, hard reset, heartbeat, and the
// action flags (raised by the management API, acknowledged by the player; commandFlags.ts), and the runtime stats
// (playerStats.ts). The player's realtime document players/{id} is written through the document store, so listeners
// see every change.

import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { API_KEY_PREFIX, PLAYER_ID_PATTERN } from '@marquee/management-api';
import {
  generatePairingCode,
  isActionName,
  playerBranchPath,
  playerDocumentPath,
  type AuthObject,
  type RegistrationRequest,
  type SettingsPatch,
} from '@marquee/protocol';
import { isUniqueViolation } from '../db/database';
import type { Database, Player } from '../db/schema';
import { conflict, forbidden, invalid, notFound, unauthenticated } from '../domain/errors';
import { newId } from '../ids';
import type { IdentityService } from '../identity/identityService';
import type { ApiTokenClaims, PlayerTokens } from '../identity/playerTokens';
import { TokenError } from '../identity/signingKeys';
import type { DocumentStore } from '../realtime/documentStore';
import type { WebhookEventSink } from '../webhooks/webhookEventSink';
import { emitAcknowledged } from '../webhooks/commandEvents';
import {
  CommandFlags,
  type CommandParam,
  type CommandTarget,
  type RaisedCommand,
  type RecordRaised,
} from './commandFlags';
import { recordHeartbeat, recordZone, type ReportDeps } from './playerReports';
import { PlayerStatsService } from './playerStats';
import { hashSecret, newSecret, secretMatches } from './secrets';

/** Tries for a pairing code not held by another unpaired player (collisions are rare: 32^6 codes). */
const PAIRING_CODE_ATTEMPTS = 20;
/** The duplicate-hardware notice (docs/player.md §Errors); the 409 answer carries it with the hardware id. */
export const DUPLICATE_HARDWARE_MESSAGE = 'The device has previously been associated with a screen.';

/** A number in [0, 1) from the operating system's random source (pairing codes are not to be guessed). */
export function secureRandom(): number {
  return randomBytes(4).readUInt32BE(0) / 2 ** 32;
}

export interface RegistrationResult {
  /** 201 for a new player, 200 when a player proved its identity and got fresh credentials. */
  status: 200 | 201;
  playerId: string;
  auth: AuthObject;
  /** The code a new player shows until it is paired; null for a re-registration. */
  pairingCode: string | null;
}

export interface PlayerServiceOptions {
  db: Kysely<Database>;
  documents: DocumentStore;
  playerTokens: PlayerTokens;
  identity: IdentityService;
  clock: () => number;
  /** Like Math.random; pairing codes are drawn from it. */
  random?: () => number;
  /** Organisation ids exempt from the duplicate checks (configuration), besides orgs flagged in the database. */
  exemptOrgs?: readonly string[];
  /** Where command acknowledgements are emitted for webhooks (docs/webhooks.md §Events). */
  events?: WebhookEventSink;
}

export class PlayerService {
  private readonly db: Kysely<Database>;
  private readonly documents: DocumentStore;
  private readonly playerTokens: PlayerTokens;
  private readonly identity: IdentityService;
  private readonly clock: () => number;
  private readonly random: () => number;
  private readonly exemptOrgs: readonly string[];
  private readonly flags: CommandFlags;
  private readonly events: WebhookEventSink | undefined;
  /** The players' runtime stats: each one's latest report. */
  readonly stats: PlayerStatsService;
  /** Called with a paired player's screen when the player reports a zone other than the one stored. */
  onZoneReported: (orgId: string, screenIds: string[]) => Promise<void> = async () => {};
  /** Called when a paired player reports a content version other than the one stored. */
  onContentApplied: ReportDeps['onContentApplied'];
  /** Called after a heartbeat is recorded (the health monitor: a silent screen is back at once). */
  onHeartbeat: (playerId: string, at: number) => Promise<void> = async () => {};

  constructor(options: PlayerServiceOptions) {
    this.db = options.db;
    this.documents = options.documents;
    this.playerTokens = options.playerTokens;
    this.identity = options.identity;
    this.clock = options.clock;
    this.random = options.random ?? secureRandom;
    this.exemptOrgs = options.exemptOrgs ?? [];
    this.events = options.events;
    this.flags = new CommandFlags(options.db, options.documents, options.clock);
    this.stats = new PlayerStatsService(options.db, options.clock);
  }

  // ---- registration ----

  /**
   * Registers a player (POST /_internal/players). A request whose device.id is an existing player and whose
   * Authorization is that player's valid API token re-registers it: same player, fresh credentials (200).
   * Otherwise a new player is made (201), under device.id when that is a usable id nobody holds, else under a new
   * id: an id is never handed to a caller that cannot prove it owns it. 403 PLAYER_BLOCKED for a blocked player
   * or hardware id; 409 DUPLICATE_HARDWARE_ID when the hardware id is tied to a screen of an organisation that
   * does not allow cloning (and is not exempt from the duplicate checks).
   */
  async register(request: RegistrationRequest, presentedToken: string | null): Promise<RegistrationResult> {
    const { device, settings } = request;
    const hardwareId = device.device.hardware_id ?? null;
    const existing = await this.provenPlayer(device.id, presentedToken);
    if (existing?.blocked) throw forbidden('PLAYER_BLOCKED', 'This player is blocked.');
    if (hardwareId !== null) {
      await this.checkHardware(hardwareId, existing?.id ?? null);
    }
    const now = this.clock();
    const deviceRecord = JSON.stringify(device);

    if (existing !== undefined) {
      await this.db
        .updateTable('players')
        .set({
          hardware_id: hardwareId,
          platform: device.platform,
          model: device.model,
          last_device_record: deviceRecord,
          updated_at: now,
        })
        .where('id', '=', existing.id)
        .execute();
      const auth = await this.rotate(existing);
      return { status: 200, playerId: existing.id, auth, pairingCode: null };
    }

    const secret = newSecret();
    const values = {
      hardware_id: hardwareId,
      platform: device.platform,
      model: device.model,
      version: null,
      screen_id: null,
      org_id: null,
      secret_hash: hashSecret(secret),
      credential_generation: 1,
      blocked: 0 as const,
      last_heartbeat_at: null,
      last_heartbeat: null,
      last_ip: null,
      last_device_record: deviceRecord,
      created_at: now,
      updated_at: now,
    };
    let playerId =
      PLAYER_ID_PATTERN.test(device.id) && !(await this.exists(device.id)) ? device.id : newId(now);
    let code: string | null = null;
    for (let attempt = 0; code === null; attempt++) {
      if (attempt >= PAIRING_CODE_ATTEMPTS) throw new Error('No free pairing code found');
      const candidate = generatePairingCode(this.random);
      try {
        await this.db
          .insertInto('players')
          .values({ id: playerId, pairing_code: candidate, ...values })
          .execute();
        code = candidate;
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        // Either the code is held by another unpaired player, or the id was taken meanwhile.
        if (await this.exists(playerId)) playerId = newId(now);
      }
    }
    await this.documents.update(playerDocumentPath(playerId), { 'pairing/code': code, settings });
    const auth = await this.issue(
      { id: playerId, credential_generation: 1, org_id: null, screen_id: null },
      secret,
    );
    return { status: 201, playerId, auth, pairingCode: code };
  }

  private async provenPlayer(deviceId: string, token: string | null): Promise<Player | undefined> {
    if (token === null || !PLAYER_ID_PATTERN.test(deviceId)) return undefined;
    try {
      const claims = await this.playerTokens.verifyApiToken(token);
      if (claims.playerId !== deviceId) return undefined;
      const player = await this.find(deviceId);
      return player?.credential_generation === claims.generation ? player : undefined;
    } catch (error) {
      if (error instanceof TokenError) return undefined;
      throw error;
    }
  }

  private async checkHardware(hardwareId: string, ownId: string | null): Promise<void> {
    const blocked = await this.db
      .selectFrom('players')
      .select('id')
      .where('hardware_id', '=', hardwareId)
      .where('blocked', '=', 1)
      .executeTakeFirst();
    if (blocked !== undefined) throw forbidden('PLAYER_BLOCKED', 'This player is blocked.');
    let query = this.db
      .selectFrom('players')
      .innerJoin('orgs', 'orgs.id', 'players.org_id')
      .select('players.id')
      .where('players.hardware_id', '=', hardwareId)
      .where('players.screen_id', 'is not', null)
      .where('orgs.allow_clone_screen_by_hardware_id', '=', 0)
      .where('orgs.exempt_from_duplicate_checks', '=', 0);
    if (ownId !== null) query = query.where('players.id', '!=', ownId);
    if (this.exemptOrgs.length > 0) query = query.where('orgs.id', 'not in', [...this.exemptOrgs]);
    const duplicate = await query.limit(1).executeTakeFirst();
    if (duplicate !== undefined) {
      throw conflict('DUPLICATE_HARDWARE_ID', DUPLICATE_HARDWARE_MESSAGE, { hardware_id: hardwareId });
    }
  }

  // ---- authentication ----

  /**
   * The player `playerId`, if `token` is its current API token. 401 when the token is missing, invalid, expired
   * or from before a credentials rotation; 403 when it is another player's (or the player is blocked); 404 when
   * the player no longer exists.
   */
  async authenticate(token: string | null, playerId: string): Promise<Player> {
    if (token === null)
      throw unauthenticated('MISSING_AUTHORIZATION', 'The Authorization header must carry the API token');
    const claims = await this.verifyApiToken(token);
    if (claims.playerId !== playerId) throw forbidden('FORBIDDEN', 'The API token belongs to another player');
    const player = await this.find(playerId);
    if (player === undefined) throw notFound('PLAYER_NOT_FOUND', 'This player does not exist');
    if (player.credential_generation !== claims.generation) {
      throw unauthenticated('CREDENTIALS_ROTATED', 'The API token was replaced by a credentials rotation');
    }
    if (player.blocked) throw forbidden('PLAYER_BLOCKED', 'This player is blocked.');
    return player;
  }

  /**
   * The player sending logs, errors or screenshots with `token`: the player `playerId` or, when the route names
   * none, the one the token names; then checked as by authenticate.
   */
  async authenticateSender(token: string | null, playerId?: string): Promise<Player> {
    if (token === null) {
      throw unauthenticated(
        'MISSING_AUTHORIZATION',
        "The Authorization header must carry the player's API token",
      );
    }
    return this.authenticate(token, playerId ?? (await this.verifyApiToken(token)).playerId);
  }

  private async verifyApiToken(token: string): Promise<ApiTokenClaims> {
    // Told apart so an integrator sees what went wrong: management API keys never work on the player API.
    if (token.startsWith(API_KEY_PREFIX)) {
      throw unauthenticated(
        'API_KEY_NOT_ACCEPTED',
        "API keys work on /api/v1 only: the player API takes the player's API token",
      );
    }
    try {
      return await this.playerTokens.verifyApiToken(token);
    } catch (error) {
      if (!(error instanceof TokenError)) throw error;
      throw error.reason === 'expired'
        ? unauthenticated('TOKEN_EXPIRED', 'The API token has expired')
        : unauthenticated('INVALID_TOKEN', 'The API token is not valid');
    }
  }

  // ---- credentials ----

  /**
   * DELETE /_internal/players/{id}/credentials with the stored secret: new API token, custom token and secret;
   * the old three stop working at once, and so do the ID and refresh tokens the old custom token got. Clears a
   * pending reset_credentials flag, which the player does not acknowledge otherwise
   * (docs/player.md §Action flags).
   */
  async rotateCredentials(playerId: string, secret: string | null): Promise<AuthObject> {
    if (secret === null)
      throw unauthenticated('MISSING_AUTHORIZATION', 'The Authorization header must carry the secret');
    const player = await this.find(playerId);
    if (player === undefined) throw notFound('PLAYER_NOT_FOUND', 'This player does not exist');
    if (!secretMatches(secret, player.secret_hash))
      throw unauthenticated('INVALID_SECRET', 'The secret is not valid');
    if (player.blocked) throw forbidden('PLAYER_BLOCKED', 'This player is blocked.');
    return this.rotate(player);
  }

  private async rotate(player: Player): Promise<AuthObject> {
    const secret = newSecret();
    const generation = player.credential_generation + 1;
    const result = await this.db
      .updateTable('players')
      .set({ credential_generation: generation, secret_hash: hashSecret(secret), updated_at: this.clock() })
      .where('id', '=', player.id)
      .where('credential_generation', '=', player.credential_generation)
      .executeTakeFirst();
    // A concurrent rotation won: the credentials this request presented are already gone.
    if (Number(result.numUpdatedRows) !== 1)
      throw unauthenticated('CREDENTIALS_ROTATED', 'The credentials were rotated meanwhile');
    await this.identity.revokeTokens('player', player.id);
    await this.flags.clear(player.id, 'reset_credentials');
    return this.issue({ ...player, credential_generation: generation }, secret);
  }

  private async issue(
    player: Pick<Player, 'id' | 'credential_generation' | 'org_id' | 'screen_id'>,
    secret: string,
  ): Promise<AuthObject> {
    const [apiToken, firebaseTokenV2] = await Promise.all([
      this.playerTokens.createApiToken({
        playerId: player.id,
        generation: player.credential_generation,
        orgId: player.org_id,
        screenId: player.screen_id,
      }),
      this.playerTokens.createCustomToken({ playerId: player.id, generation: player.credential_generation }),
    ]);
    return { apiToken, firebaseTokenV2, secret };
  }

  // ---- the player's own changes ----

  /** Merges `patch` into players/{id}/settings; a new name is also the paired screen's name. Returns the result. */
  async updateSettings(player: Player, patch: SettingsPatch): Promise<unknown> {
    const changes = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
    const path = playerBranchPath(player.id, 'settings');
    if (Object.keys(changes).length > 0) await this.documents.update(path, changes);
    if (typeof patch.name === 'string' && player.screen_id !== null) {
      await this.db
        .updateTable('screens')
        .set({ name: patch.name, updated_at: this.clock() })
        .where('id', '=', player.screen_id)
        .execute();
    }
    return (await this.documents.get(path)).value;
  }

  /**
   * Unpairs the player (DELETE …/pairing, and the studio's unpair): no screen, no organisation, a fresh pairing
   * code, and app (url, data, token) removed, so the frame goes back to the pairing page.
   */
  async unpair(playerId: string): Promise<string> {
    const code = await this.assignPairingCode(playerId, { screen_id: null, org_id: null });
    await this.db
      .updateTable('screens')
      .set({ player_id: null, updated_at: this.clock() })
      .where('player_id', '=', playerId)
      .execute();
    await this.documents.update(playerDocumentPath(playerId), { 'pairing/code': code, app: null });
    return code;
  }

  /**
   * Gives the player a pairing code no other player holds (retrying on a collision), together with any other
   * column changes. Pairing clears the code instead (pairing_code = null).
   */
  async assignPairingCode(
    playerId: string,
    changes: { screen_id?: string | null; org_id?: string | null } = {},
  ): Promise<string> {
    for (let attempt = 0; attempt < PAIRING_CODE_ATTEMPTS; attempt++) {
      const code = generatePairingCode(this.random);
      try {
        await this.db
          .updateTable('players')
          .set({ ...changes, pairing_code: code, updated_at: this.clock() })
          .where('id', '=', playerId)
          .execute();
        return code;
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
    }
    throw new Error('No free pairing code found');
  }

  /** Hard reset (DELETE /_internal/players/{id}): the player, its identity account and its subtree are deleted. */
  async hardReset(playerId: string): Promise<void> {
    await this.identity.deleteAccount('player', playerId);
    // Commands and screenshots go with the player (foreign keys); the screen is left without a player.
    await this.db.deleteFrom('players').where('id', '=', playerId).execute();
    await this.documents.remove(playerDocumentPath(playerId));
  }

  /** Records a heartbeat and what it reports (playerReports.ts); returns the time recorded. */
  async heartbeat(playerId: string, body: unknown, ip: string | null): Promise<number> {
    const at = await recordHeartbeat(this.reportDeps(), playerId, body, ip);
    await this.onHeartbeat(playerId, at);
    return at;
  }

  /** Stores a zone the player reports; its screen's timeline follows when the zone is new. */
  async recordZone(playerId: string, timezone: string | undefined): Promise<void> {
    await recordZone(this.reportDeps(), playerId, timezone);
  }

  private reportDeps(): ReportDeps {
    return {
      db: this.db,
      clock: this.clock,
      onZoneReported: this.onZoneReported,
      onContentApplied: this.onContentApplied,
    };
  }

  // ---- action flags ----

  /**
   * Raises the action flag `name` on the player (the management API's commands): records the command and sets
   * action_flags/{name} to `param` (true when absent), which the player runs and acknowledges.
   */
  async raiseCommand(
    playerId: string,
    name: string,
    param?: CommandParam,
    record?: RecordRaised,
  ): Promise<RaisedCommand> {
    if (!isActionName(name))
      throw invalid('INVALID_ACTION', `Invalid command name ${JSON.stringify(name)}`, 'command');
    const player = await this.find(playerId);
    if (player === undefined) throw notFound('PLAYER_NOT_FOUND', 'This player does not exist');
    const target = { playerId, screenId: player.screen_id, orgId: player.org_id };
    const [raised] = await this.flags.raise([target], name, param, record);
    return raised as RaisedCommand;
  }

  /** Raises the known action flag `name` on many players at once (a fleet-wide command). */
  async raiseCommands(
    targets: readonly CommandTarget[],
    name: string,
    param?: CommandParam,
    record?: RecordRaised,
  ): Promise<RaisedCommand[]> {
    return this.flags.raise(targets, name, param, record);
  }

  /** POST /_internal/players/{id}/{action}: clears the flag and marks its pending commands acknowledged. */
  async acknowledge(playerId: string, action: string): Promise<number> {
    if (!isActionName(action)) {
      throw invalid(
        'INVALID_ACTION',
        `Invalid action ${JSON.stringify(action)}: lower-case letters, digits and _ only`,
        'action',
      );
    }
    const cleared = await this.flags.clear(playerId, action);
    if (this.events !== undefined) {
      await emitAcknowledged(this.events, await this.find(playerId), action, cleared);
    }
    return cleared.acknowledgedAt;
  }

  // ---- lookups ----

  async find(playerId: string): Promise<Player | undefined> {
    return this.db.selectFrom('players').selectAll().where('id', '=', playerId).executeTakeFirst();
  }

  private async exists(playerId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('players')
      .select('id')
      .where('id', '=', playerId)
      .executeTakeFirst();
    return row !== undefined;
  }
}
