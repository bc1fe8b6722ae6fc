import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { decodeJwt } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_PLAYER_NAME,
  PAIRING_CODE_ALPHABET,
  SCREEN_NAME_MAX_LENGTH,
  playerDocumentPath,
  type AuthObject,
} from '@marquee/protocol';
import { startTestApp, type TestApp } from '../../test/harness/app';
import { insertOrg, insertScreen } from '../../test/harness/fixtures';
import { DUPLICATE_HARDWARE_MESSAGE } from './playerService';

const PAIRING_CODE = new RegExp(`^[${PAIRING_CODE_ALPHABET}]{6}$`);

function registration(
  deviceId: string,
  hardwareId: string | null = null,
  settings: object = { name: 'Lobby' },
) {
  return {
    settings,
    device: { id: deviceId, model: 'Model X', platform: 'browser', device: { hardware_id: hardwareId } },
  };
}

describe('/_internal/players', () => {
  let test: TestApp;
  let sequence = 0;

  beforeEach(async () => {
    test = await startTestApp();
  });
  afterEach(async () => {
    await test.close();
  });

  const inject = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    authorization?: string,
    payload?: object,
  ) =>
    test.app.inject({
      method,
      url: `/_internal/players${url}`,
      headers: authorization === undefined ? {} : { authorization },
      ...(payload === undefined ? {} : { payload }),
    });

  async function register(hardwareId: string | null = null, deviceId = `device-${++sequence}`) {
    const response = await inject('POST', '', undefined, registration(deviceId, hardwareId));
    expect(response.statusCode).toBe(201);
    const auth = response.json<AuthObject>();
    return { id: decodeJwt(auth.apiToken).sub as string, auth };
  }

  const playerRow = (id: string) =>
    test.app.services.db.selectFrom('players').selectAll().where('id', '=', id).executeTakeFirst();
  const tree = async (id: string) => (await test.app.services.documents.get(playerDocumentPath(id))).value;

  /** Pairs the player to a new screen of a new org, as the management API does. */
  async function pair(id: string, org: { allowClone?: boolean; exempt?: boolean; id?: string } = {}) {
    const { db, documents } = test.app.services;
    const orgId = await insertOrg(db, org);
    const screenId = await insertScreen(db, { orgId, playerId: id });
    await db
      .updateTable('players')
      .set({ org_id: orgId, screen_id: screenId, pairing_code: null })
      .where('id', '=', id)
      .execute();
    await documents.update(playerDocumentPath(id), {
      pairing: null,
      'app/url': 'http://localhost/content/',
      'app/data': { version: 1 },
    });
    return { orgId, screenId };
  }

  describe('POST / (registration)', () => {
    it('creates the player with a pairing code and answers its auth object', async () => {
      const response = await inject('POST', '', undefined, registration('dev-1', 'hw-1'));
      expect(response.statusCode).toBe(201);
      const auth = response.json<AuthObject>();
      expect(Object.keys(auth).sort()).toEqual(['apiToken', 'firebaseTokenV2', 'secret']);
      const claims = decodeJwt(auth.apiToken);
      expect(claims).toMatchObject({ sub: 'dev-1', gen: 1, aud: 'marquee-api' });
      expect(claims).not.toHaveProperty('org_id');
      expect(claims.exp).toBe(claims.iat! + 365 * 24 * 3600);
      expect(decodeJwt(auth.firebaseTokenV2)).toMatchObject({
        sub: 'dev-1',
        uid: 'dev-1',
        aud: 'marquee-custom',
      });
      expect(auth.secret).toMatch(/^[\w-]{43}$/);

      const row = await playerRow('dev-1');
      expect(row).toMatchObject({
        hardware_id: 'hw-1',
        platform: 'browser',
        model: 'Model X',
        credential_generation: 1,
        secret_hash: createHash('sha256').update(auth.secret).digest('hex'),
        blocked: 0,
        screen_id: null,
        created_at: test.clock(),
      });
      expect(row?.pairing_code).toMatch(PAIRING_CODE);
      expect(await tree('dev-1')).toEqual({
        pairing: { code: row?.pairing_code },
        settings: { name: 'Lobby' },
      });
    });

    it('gives the default name when no settings are sent', async () => {
      const body = registration('dev-2');
      const response = await inject('POST', '', undefined, { device: body.device });
      expect(response.statusCode).toBe(201);
      expect(await tree('dev-2')).toMatchObject({ settings: { name: DEFAULT_PLAYER_NAME } });
    });

    it('never hands an existing id to a caller that cannot prove it; an unusable id gets a new one', async () => {
      const first = await register(null, 'shared-id');
      const second = await register(null, 'shared-id');
      expect(second.id).not.toBe(first.id);
      const wrongToken = await inject('POST', '', second.auth.apiToken, registration('shared-id'));
      expect(decodeJwt(wrongToken.json<AuthObject>().apiToken).sub).not.toBe('shared-id');
      const odd = await register(null, 'has.dots');
      expect(odd.id).toMatch(/^[0-9a-v]{25}$/);
    });

    it('re-registers a player presenting its own valid API token: same id, new credentials (200)', async () => {
      const { id, auth } = await register('hw-re');
      const again = await inject('POST', '', auth.apiToken, registration(id, 'hw-re'));
      expect(again.statusCode).toBe(200);
      const fresh = again.json<AuthObject>();
      expect(decodeJwt(fresh.apiToken)).toMatchObject({ sub: id, gen: 2 });
      expect((await inject('POST', `/${id}/heartbeat`, auth.apiToken)).statusCode).toBe(401);
      expect((await inject('POST', `/${id}/heartbeat`, fresh.apiToken)).statusCode).toBe(200);
    });

    it('answers 409 with the hardware id when it is tied to a screen of an org that does not allow cloning', async () => {
      const { id } = await register('hw-dup');
      await pair(id);
      const response = await inject('POST', '', undefined, registration('other-device', 'hw-dup'));
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        error: { code: 'DUPLICATE_HARDWARE_ID', message: DUPLICATE_HARDWARE_MESSAGE, hardware_id: 'hw-dup' },
      });
      expect(await playerRow('other-device')).toBeUndefined();
    });

    it('allows the hardware id again when the org allows cloning or is exempt, or the player is unpaired', async () => {
      await pair((await register('hw-clone')).id, { allowClone: true });
      await register('hw-clone');
      await pair((await register('hw-exempt')).id, { exempt: true });
      await register('hw-exempt');
      await register('hw-unpaired');
      await register('hw-unpaired');
    });

    it('skips the duplicate check for the organisations of MARQUEE_EXEMPT_ORGS', async () => {
      await test.close();
      test = await startTestApp({ env: { MARQUEE_EXEMPT_ORGS: 'org-exempt' } });
      await pair((await register('hw-env')).id, { id: 'org-exempt' });
      await register('hw-env');
      await pair((await register('hw-env2')).id, { id: 'org-other' });
      expect((await inject('POST', '', undefined, registration('x', 'hw-env2'))).statusCode).toBe(409);
    });

    it('answers 403 for a blocked hardware id or a blocked player', async () => {
      const { id, auth } = await register('hw-blocked');
      await test.app.services.db.updateTable('players').set({ blocked: 1 }).where('id', '=', id).execute();
      const byHardware = await inject('POST', '', undefined, registration('new-one', 'hw-blocked'));
      expect(byHardware.statusCode).toBe(403);
      expect(byHardware.json()).toEqual({
        error: { code: 'PLAYER_BLOCKED', message: 'This player is blocked.' },
      });
      expect((await inject('POST', '', auth.apiToken, registration(id))).statusCode).toBe(403);
      expect((await inject('POST', `/${id}/heartbeat`, auth.apiToken)).statusCode).toBe(403);
    });

    it.each([
      [{}, 'device', 'Invalid body.device: Invalid input: expected object, received undefined'],
      [{ device: { id: 'a', model: 'm', device: {} } }, 'device.platform', undefined],
      [{ device: { id: '', model: 'm', platform: 'p' } }, 'device.id', undefined],
      [{ ...registration('a'), settings: { orientation: 'sideways' } }, 'settings.orientation', undefined],
      [
        { ...registration('a'), settings: { name: 'n'.repeat(SCREEN_NAME_MAX_LENGTH + 1) } },
        'settings.name',
        undefined,
      ],
      [{ ...registration('a'), settings: { mute: 'yes' } }, 'settings.mute', undefined],
    ])('answers 400 naming the field for %j', async (payload, field, message) => {
      const response = await inject('POST', '', undefined, payload);
      expect(response.statusCode).toBe(400);
      const { error } = response.json<{ error: { code: string; field: string; message: string } }>();
      expect(error).toMatchObject({ code: 'VALIDATION_FAILED', field });
      if (message !== undefined) expect(error.message).toBe(message);
      else expect(error.message).toMatch(new RegExp(`^Invalid body\\.${field.replace('.', '\\.')}: `));
    });

    it('accepts a screen name of exactly the maximum length', async () => {
      const payload = { ...registration('max-name'), settings: { name: 'n'.repeat(SCREEN_NAME_MAX_LENGTH) } };
      expect((await inject('POST', '', undefined, payload)).statusCode).toBe(201);
    });

    it('answers 400 for malformed JSON and 413 for an oversized body', async () => {
      const malformed = await test.app.inject({
        method: 'POST',
        url: '/_internal/players',
        headers: { 'content-type': 'application/json' },
        payload: '{"device":',
      });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toMatchObject({ error: { code: 'INVALID_JSON' } });
      const huge = registration('huge');
      const oversized = await inject('POST', '', undefined, { ...huge, padding: 'x'.repeat(64 * 1024) });
      expect(oversized.statusCode).toBe(413);
      expect(oversized.json()).toEqual({
        error: { code: 'PAYLOAD_TOO_LARGE', message: 'Request body is too large' },
      });
    });

    it('draws a pairing code no unpaired player holds, retrying on a collision', async () => {
      await test.close();
      // First player: six draws of 0 ('AAAAAA'); the second draws 'AAAAAA' again, then six draws of 0.5.
      const draws = [...Array(12).fill(0), ...Array(6).fill(0.5)] as number[];
      test = await startTestApp({ random: () => draws.shift() ?? 0.99 });
      const first = await register();
      const second = await register();
      const half = PAIRING_CODE_ALPHABET.charAt(PAIRING_CODE_ALPHABET.length / 2);
      expect((await playerRow(first.id))?.pairing_code).toBe('AAAAAA');
      expect((await playerRow(second.id))?.pairing_code).toBe(half.repeat(6));
    });

    it('never answers 5xx, whatever JSON is sent', async () => {
      await fc.assert(
        fc.asyncProperty(fc.jsonValue(), async (payload) => {
          const response = await test.app.inject({
            method: 'POST',
            url: '/_internal/players',
            headers: { 'content-type': 'application/json' },
            payload: JSON.stringify(payload),
          });
          expect(response.statusCode).toBeLessThan(500);
        }),
        { numRuns: 60 },
      );
    });
  });

  describe('authorization', () => {
    it('lets a player act only on its own id, with its current token', async () => {
      const a = await register();
      const b = await register();
      const routes: ['POST' | 'PATCH' | 'DELETE', string, object?][] = [
        ['PATCH', '/settings', { name: 'x' }],
        ['DELETE', '/pairing'],
        ['POST', '/heartbeat', {}],
        ['POST', '/mute'],
        ['DELETE', ''],
      ];
      for (const [method, suffix, payload] of routes) {
        const cross = await inject(method, `/${b.id}${suffix}`, a.auth.apiToken, payload);
        expect(cross.statusCode, `${method} ${suffix}`).toBe(403);
        expect(cross.json()).toEqual({
          error: { code: 'FORBIDDEN', message: 'The API token belongs to another player' },
        });
        const missing = await inject(method, `/${b.id}${suffix}`, undefined, payload);
        expect(missing.statusCode).toBe(401);
        expect(missing.json()).toMatchObject({ error: { code: 'MISSING_AUTHORIZATION' } });
        const garbage = await inject(method, `/${b.id}${suffix}`, 'not-a-token', payload);
        expect(garbage.json()).toMatchObject({ error: { code: 'INVALID_TOKEN' } });
        // The secret, or a custom token, is not an API token.
        expect((await inject(method, `/${b.id}${suffix}`, b.auth.secret, payload)).statusCode).toBe(401);
        expect((await inject(method, `/${b.id}${suffix}`, b.auth.firebaseTokenV2, payload)).statusCode).toBe(
          401,
        );
      }
      // B's credentials rotation with A's secret.
      const rotation = await inject('DELETE', `/${b.id}/credentials`, a.auth.secret);
      expect(rotation.statusCode).toBe(401);
      expect(rotation.json()).toEqual({
        error: { code: 'INVALID_SECRET', message: 'The secret is not valid' },
      });
      // B is untouched.
      expect(await tree(b.id)).toMatchObject({
        settings: { name: 'Lobby' },
        pairing: { code: expect.any(String) },
      });
      expect((await inject('POST', `/${b.id}/heartbeat`, b.auth.apiToken)).statusCode).toBe(200);
    });

    it('never answers 5xx, whatever Authorization, id, action or body is sent', async () => {
      const { id } = await register();
      await fc.assert(
        fc.asyncProperty(
          fc.string({ maxLength: 300 }),
          fc.constantFrom(id, 'other', 'x'.repeat(100)),
          fc.constantFrom('heartbeat', 'settings', 'pairing', 'credentials', 'mute', ''),
          fc.constantFrom('POST', 'PATCH', 'DELETE' as const),
          fc.jsonValue(),
          async (authorization, target, suffix, method, payload) => {
            const response = await test.app.inject({
              method,
              url: `/_internal/players/${target}${suffix === '' ? '' : `/${suffix}`}`,
              headers: {
                authorization: authorization.replace(/[\r\n]/g, ''),
                'content-type': 'application/json',
              },
              payload: JSON.stringify(payload),
            });
            expect(response.statusCode).toBeLessThan(500);
          },
        ),
        { numRuns: 80 },
      );
    });

    it('accepts the token bare or as Bearer', async () => {
      const { id, auth } = await register();
      expect((await inject('POST', `/${id}/heartbeat`, auth.apiToken)).statusCode).toBe(200);
      expect((await inject('POST', `/${id}/heartbeat`, `Bearer ${auth.apiToken}`)).statusCode).toBe(200);
    });

    it('refuses an expired API token', async () => {
      const { id, auth } = await register();
      test.clock.advance(365 * 24 * 3600 * 1000 - 1000);
      expect((await inject('POST', `/${id}/heartbeat`, auth.apiToken)).statusCode).toBe(200);
      test.clock.advance(1000);
      const expired = await inject('POST', `/${id}/heartbeat`, auth.apiToken);
      expect(expired.statusCode).toBe(401);
      expect(expired.json()).toMatchObject({ error: { code: 'TOKEN_EXPIRED' } });
    });

    it('answers 400 naming the field for a malformed id or action', async () => {
      const { auth } = await register();
      const badId = await inject('POST', '/bad%20id/heartbeat', auth.apiToken);
      expect(badId.statusCode).toBe(400);
      expect(badId.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', field: 'id' } });
      const { id } = await register();
      const badAction = await inject('POST', `/${id}/Bad-Action`, auth.apiToken);
      expect(badAction.statusCode).toBe(400);
      expect(badAction.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', field: 'action' } });
    });
  });

  describe('DELETE /{id}/credentials', () => {
    it('rotates: the old API token, secret, custom token and sessions stop working at once', async () => {
      const { id, auth } = await register();
      const { identity } = test.app.services;
      const session = await identity.signInWithCustomToken(auth.firebaseTokenV2);
      await test.app.services.players.raiseCommand(id, 'reset_credentials');

      const response = await inject('DELETE', `/${id}/credentials`, auth.secret);
      expect(response.statusCode).toBe(200);
      const fresh = response.json<AuthObject>();
      expect(decodeJwt(fresh.apiToken)).toMatchObject({ sub: id, gen: 2 });
      expect(fresh.secret).not.toBe(auth.secret);

      const oldToken = await inject('POST', `/${id}/heartbeat`, auth.apiToken);
      expect(oldToken.statusCode).toBe(401);
      expect(oldToken.json()).toMatchObject({ error: { code: 'CREDENTIALS_ROTATED' } });
      const oldSecret = await inject('DELETE', `/${id}/credentials`, auth.secret);
      expect(oldSecret.statusCode).toBe(401);
      expect(oldSecret.json()).toMatchObject({ error: { code: 'INVALID_SECRET' } });
      await expect(identity.signInWithCustomToken(auth.firebaseTokenV2)).rejects.toThrow(
        'INVALID_CUSTOM_TOKEN',
      );
      await expect(identity.verifyIdToken(session.idToken)).rejects.toThrow('TOKEN_EXPIRED');
      await expect(identity.refresh(session.refreshToken)).rejects.toThrow('TOKEN_EXPIRED');

      expect((await inject('POST', `/${id}/heartbeat`, fresh.apiToken)).statusCode).toBe(200);
      await expect(identity.signInWithCustomToken(fresh.firebaseTokenV2)).resolves.toMatchObject({ uid: id });
      expect((await inject('DELETE', `/${id}/credentials`, `Bearer ${fresh.secret}`)).statusCode).toBe(200);
      // The player does not acknowledge reset_credentials: the rotation clears it.
      expect(await tree(id)).not.toHaveProperty('action_flags');
    });

    it('carries org_id and screen_id in the new API token once paired', async () => {
      const { id, auth } = await register();
      const { orgId, screenId } = await pair(id);
      const fresh = (await inject('DELETE', `/${id}/credentials`, auth.secret)).json<AuthObject>();
      expect(decodeJwt(fresh.apiToken)).toMatchObject({ sub: id, org_id: orgId, screen_id: screenId });
    });

    it('refuses a missing secret, an API token as secret and an unknown player', async () => {
      const { id, auth } = await register();
      expect((await inject('DELETE', `/${id}/credentials`)).json()).toMatchObject({
        error: { code: 'MISSING_AUTHORIZATION' },
      });
      expect((await inject('DELETE', `/${id}/credentials`, auth.apiToken)).statusCode).toBe(401);
      expect((await inject('DELETE', '/nobody/credentials', auth.secret)).statusCode).toBe(404);
    });
  });

  describe('PATCH /{id}/settings', () => {
    it('merges into the settings document and renames the paired screen', async () => {
      const { id, auth } = await register();
      const first = await inject('PATCH', `/${id}/settings`, auth.apiToken, { orientation: 'portrait' });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ settings: { name: 'Lobby', orientation: 'portrait' } });
      const { screenId } = await pair(id);
      const second = await inject('PATCH', `/${id}/settings`, auth.apiToken, { name: 'Hall', mute: true });
      expect(second.json()).toEqual({ settings: { name: 'Hall', orientation: 'portrait', mute: true } });
      const screen = await test.app.services.db
        .selectFrom('screens')
        .select('name')
        .where('id', '=', screenId)
        .executeTakeFirst();
      expect(screen?.name).toBe('Hall');
    });

    it('answers 400 naming the field for a bad setting', async () => {
      const { id, auth } = await register();
      const response = await inject('PATCH', `/${id}/settings`, auth.apiToken, { orientation: 90 });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', field: 'orientation' } });
    });
  });

  describe('DELETE /{id}/pairing', () => {
    it('unpairs: no screen, a new pairing code, no app', async () => {
      const { id, auth } = await register();
      const { screenId } = await pair(id);
      const response = await inject('DELETE', `/${id}/pairing`, auth.apiToken);
      expect(response.statusCode).toBe(200);
      const code = response.json<{ pairing: { code: string } }>().pairing.code;
      expect(code).toMatch(PAIRING_CODE);
      expect(await playerRow(id)).toMatchObject({ screen_id: null, org_id: null, pairing_code: code });
      expect(await tree(id)).toEqual({ pairing: { code }, settings: { name: 'Lobby' } });
      const screen = await test.app.services.db
        .selectFrom('screens')
        .select('player_id')
        .where('id', '=', screenId)
        .executeTakeFirst();
      expect(screen?.player_id).toBeNull();
    });

    it('accepts an empty body sent with a JSON or form content type', async () => {
      const { id, auth } = await register();
      for (const type of ['application/json', 'application/x-www-form-urlencoded']) {
        const response = await test.app.inject({
          method: 'DELETE',
          url: `/_internal/players/${id}/pairing`,
          headers: { authorization: auth.apiToken, 'content-type': type },
          payload: '',
        });
        expect(response.statusCode).toBe(200);
      }
    });
  });

  describe('DELETE /{id} (hard reset)', () => {
    it('deletes the player, its subtree and its identity', async () => {
      const { id, auth } = await register();
      const session = await test.app.services.identity.signInWithCustomToken(auth.firebaseTokenV2);
      const response = await inject('DELETE', `/${id}`, auth.apiToken);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ deleted: id });
      expect(await playerRow(id)).toBeUndefined();
      expect(await tree(id)).toBeNull();
      const after = await inject('POST', `/${id}/heartbeat`, auth.apiToken);
      expect(after.statusCode).toBe(404);
      expect(after.json()).toMatchObject({ error: { code: 'PLAYER_NOT_FOUND' } });
      await expect(test.app.services.identity.verifyIdToken(session.idToken)).rejects.toThrow(
        'USER_NOT_FOUND',
      );
    });
  });

  describe('POST /{id}/heartbeat', () => {
    it('records the time, the address and what it carries', async () => {
      const { id, auth } = await register();
      test.clock.advance(60_000);
      const response = await test.app.inject({
        method: 'POST',
        url: `/_internal/players/${id}/heartbeat`,
        headers: { authorization: auth.apiToken },
        remoteAddress: '192.0.2.7',
        payload: { uptime: 42, version: '1.0.0' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ receivedAt: test.clock() });
      expect(await playerRow(id)).toMatchObject({
        last_heartbeat_at: test.clock(),
        last_heartbeat: '{"uptime":42,"version":"1.0.0"}',
        last_ip: '192.0.2.7',
      });
      expect((await inject('POST', `/${id}/heartbeat`, auth.apiToken)).statusCode).toBe(200);
      expect((await playerRow(id))?.last_heartbeat).toBe('{}');
    });

    it('refuses a body over 64 KiB (413) and a non-JSON body (415)', async () => {
      const { id, auth } = await register();
      const big = await inject('POST', `/${id}/heartbeat`, auth.apiToken, { x: 'y'.repeat(64 * 1024) });
      expect(big.statusCode).toBe(413);
      const text = await test.app.inject({
        method: 'POST',
        url: `/_internal/players/${id}/heartbeat`,
        headers: { authorization: auth.apiToken, 'content-type': 'text/plain' },
        payload: 'hello',
      });
      expect(text.statusCode).toBe(415);
      expect(text.json()).toMatchObject({ error: { code: 'UNSUPPORTED_MEDIA_TYPE' } });
    });
  });

  describe('POST /{id}/{action}', () => {
    it('acknowledges: clears the flag and marks the command acknowledged', async () => {
      const { id, auth } = await register();
      const { players, db } = test.app.services;
      const raised = await players.raiseCommand(id, 'screenshot', 'low');
      await players.raiseCommand(id, 'mute');
      expect(await tree(id)).toMatchObject({ action_flags: { screenshot: 'low', mute: true } });
      test.clock.advance(5000);
      const response = await inject('POST', `/${id}/screenshot`, auth.apiToken);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ acknowledged: 'screenshot', acknowledgedAt: test.clock() });
      expect(await tree(id)).toMatchObject({ action_flags: { mute: true } });
      const commands = await db.selectFrom('commands').selectAll().where('player_id', '=', id).execute();
      expect(commands.find((command) => command.id === raised.id)).toMatchObject({
        name: 'screenshot',
        param: '"low"',
        acknowledged_at: test.clock(),
      });
      expect(commands.find((command) => command.name === 'mute')?.acknowledged_at).toBeNull();
    });

    it('acknowledges a flag it does not know too', async () => {
      const { id, auth } = await register();
      const response = await inject('POST', `/${id}/some_future_flag`, auth.apiToken);
      expect(response.statusCode).toBe(200);
    });
  });

  describe('rate limits', () => {
    it('limits registration per IP and the player API per token', async () => {
      await test.close();
      test = await startTestApp({ rateLimits: { registrationPerIp: 2, playerApiPerToken: 2 } });
      const a = await register();
      await register();
      const limited = await inject('POST', '', undefined, registration('third'));
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });
      const fromElsewhere = await test.app.inject({
        method: 'POST',
        url: '/_internal/players',
        remoteAddress: '198.51.100.1',
        payload: registration('fourth'),
      });
      expect(fromElsewhere.statusCode).toBe(201);
      const b = fromElsewhere.json<AuthObject>();
      const bId = decodeJwt(b.apiToken).sub as string;

      expect((await inject('POST', `/${a.id}/heartbeat`, a.auth.apiToken)).statusCode).toBe(200);
      expect((await inject('POST', `/${a.id}/heartbeat`, a.auth.apiToken)).statusCode).toBe(200);
      expect((await inject('POST', `/${a.id}/heartbeat`, a.auth.apiToken)).statusCode).toBe(429);
      expect((await inject('POST', `/${bId}/heartbeat`, b.apiToken)).statusCode).toBe(200);
    });
  });
});
