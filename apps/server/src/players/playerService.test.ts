import { decodeJwt } from 'jose';
import { beforeEach, expect, it } from 'vitest';
import {
  PAIRING_CODE_ALPHABET,
  playerBranchPath,
  playerDocumentPath,
  type RegistrationRequest,
} from '@marquee/protocol';
import { testClock } from '../../test/harness/app';
import { describeOnBothEngines } from '../../test/harness/databases';
import { insertOrg, insertScreen } from '../../test/harness/fixtures';
import { DomainError } from '../domain/errors';
import { IdentityService } from '../identity/identityService';
import { PlayerTokens } from '../identity/playerTokens';
import { SigningKeys } from '../identity/signingKeys';
import { DocumentStore } from '../realtime/documentStore';
import { InProcessPubSub } from '../realtime/pubsub';
import { PlayerService } from './playerService';

let sequence = 0;

function request(
  hardwareId: string | null = null,
  deviceId = `svc-device-${++sequence}`,
): RegistrationRequest {
  return {
    settings: { name: 'Lobby' },
    device: { id: deviceId, model: 'm', platform: 'browser', device: { hardware_id: hardwareId } },
  };
}

async function kindOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DomainError);
  return (error as DomainError).kind;
}

describeOnBothEngines('PlayerService', (database) => {
  let draws: number[];
  let documents: DocumentStore;
  let players: PlayerService;

  beforeEach(() => {
    const clock = testClock();
    const { db } = database();
    const keys = new SigningKeys(db, clock);
    const playerTokens = new PlayerTokens(keys, clock);
    const identity = new IdentityService({ db, keys, playerTokens, clock });
    documents = new DocumentStore({ database: database(), pubsub: new InProcessPubSub(), clock });
    draws = [];
    let fallback = 0;
    players = new PlayerService({
      db,
      documents,
      playerTokens,
      identity,
      clock,
      random: () => draws.shift() ?? (fallback = (fallback + 0.137) % 1),
      exemptOrgs: ['svc-exempt'],
    });
  });

  async function pair(playerId: string, orgId: string) {
    const { db } = database();
    const screenId = await insertScreen(db, { orgId, playerId });
    await db
      .updateTable('players')
      .set({ org_id: orgId, screen_id: screenId, pairing_code: null })
      .where('id', '=', playerId)
      .execute();
    return screenId;
  }

  it('registers under the device id with a fresh pairing code, retrying when the code is taken', async () => {
    draws = Array(12).fill(0.999) as number[];
    const first = await players.register(request(), null);
    const second = await players.register(request(), null);
    const last = PAIRING_CODE_ALPHABET.charAt(PAIRING_CODE_ALPHABET.length - 1);
    expect((await players.find(first.playerId))?.pairing_code).toBe(last.repeat(6));
    expect((await players.find(second.playerId))?.pairing_code).not.toBe(last.repeat(6));
    expect(await documents.get(playerBranchPath(first.playerId, 'pairing', 'code'))).toMatchObject({
      value: last.repeat(6),
    });
    expect(first.status).toBe(201);
  });

  it('refuses a hardware id tied to a screen unless the org allows cloning or is exempt', async () => {
    const strict = await insertOrg(database().db);
    const { playerId } = await players.register(request(`svc-hw-${sequence}`), null);
    await pair(playerId, strict);
    expect(await kindOf(players.register(request(`svc-hw-${sequence - 1}`), null))).toBe('conflict');

    const exempt = await insertOrg(database().db, { id: 'svc-exempt' });
    const other = await players.register(request('svc-hw-exempt'), null);
    await pair(other.playerId, exempt);
    await expect(players.register(request('svc-hw-exempt'), null)).resolves.toMatchObject({ status: 201 });
  });

  it('rotates credentials atomically: a second rotation with the old secret fails', async () => {
    const { playerId, auth } = await players.register(request(), null);
    const rotated = await players.rotateCredentials(playerId, auth.secret);
    expect(decodeJwt(rotated.apiToken)).toMatchObject({ sub: playerId, gen: 2 });
    expect(await kindOf(players.rotateCredentials(playerId, auth.secret))).toBe('unauthenticated');
    expect(await kindOf(players.authenticate(auth.apiToken, playerId))).toBe('unauthenticated');
    await expect(players.authenticate(rotated.apiToken, playerId)).resolves.toMatchObject({
      credential_generation: 2,
    });
  });

  it('raises and acknowledges commands, and unpairs and hard-resets a player', async () => {
    const orgId = await insertOrg(database().db);
    const { playerId } = await players.register(request(), null);
    const screenId = await pair(playerId, orgId);
    const raised = await players.raiseCommand(playerId, 'reboot');
    expect(raised).toMatchObject({ playerId, name: 'reboot', param: true });
    expect((await documents.get(playerBranchPath(playerId, 'action_flags'))).value).toEqual({ reboot: true });
    const command = await database()
      .db.selectFrom('commands')
      .selectAll()
      .where('id', '=', raised.id)
      .executeTakeFirstOrThrow();
    expect(command).toMatchObject({ screen_id: screenId, org_id: orgId, acknowledged_at: null });
    await players.acknowledge(playerId, 'reboot');
    expect((await documents.get(playerBranchPath(playerId, 'action_flags'))).value).toBeNull();
    expect(await kindOf(players.raiseCommand(playerId, 'Not-Valid'))).toBe('invalid');

    const code = await players.unpair(playerId);
    expect(await players.find(playerId)).toMatchObject({ pairing_code: code, screen_id: null, org_id: null });

    await players.hardReset(playerId);
    expect(await players.find(playerId)).toBeUndefined();
    expect((await documents.get(playerDocumentPath(playerId))).value).toBeNull();
    expect(
      await database().db.selectFrom('commands').select('id').where('player_id', '=', playerId).execute(),
    ).toEqual([]);
  });
});
