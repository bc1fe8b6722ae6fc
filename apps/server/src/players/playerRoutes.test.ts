// The player API after registration (docs/protocols/player-api.md): a player acts only on its own id with its
// current token; credentials, settings, unpairing, hard reset, heartbeat and acknowledgements.

import fc from 'fast-check';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import type { AuthObject } from '@marquee/protocol';
import { PAIRING_CODE, usePlayerApi } from '../../test/harness/playerApi';

describe('/_internal/players/{id}', () => {
  const h = usePlayerApi();
  const { inject, register, pair, playerRow, tree } = h;

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
            const response = await h.test.app.inject({
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
      h.test.clock.advance(365 * 24 * 3600 * 1000 - 1000);
      expect((await inject('POST', `/${id}/heartbeat`, auth.apiToken)).statusCode).toBe(200);
      h.test.clock.advance(1000);
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
      const { identity } = h.test.app.services;
      const session = await identity.signInWithCustomToken(auth.firebaseTokenV2);
      await h.test.app.services.players.raiseCommand(id, 'reset_credentials');

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
      const screen = await h.test.app.services.db
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
      const screen = await h.test.app.services.db
        .selectFrom('screens')
        .select('player_id')
        .where('id', '=', screenId)
        .executeTakeFirst();
      expect(screen?.player_id).toBeNull();
    });

    it('accepts an empty body sent with a JSON or form content type', async () => {
      const { id, auth } = await register();
      for (const type of ['application/json', 'application/x-www-form-urlencoded']) {
        const response = await h.test.app.inject({
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
      const session = await h.test.app.services.identity.signInWithCustomToken(auth.firebaseTokenV2);
      const response = await inject('DELETE', `/${id}`, auth.apiToken);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ deleted: id });
      expect(await playerRow(id)).toBeUndefined();
      expect(await tree(id)).toBeNull();
      const after = await inject('POST', `/${id}/heartbeat`, auth.apiToken);
      expect(after.statusCode).toBe(404);
      expect(after.json()).toMatchObject({ error: { code: 'PLAYER_NOT_FOUND' } });
      await expect(h.test.app.services.identity.verifyIdToken(session.idToken)).rejects.toThrow(
        'USER_NOT_FOUND',
      );
    });
  });

  describe('POST /{id}/heartbeat', () => {
    it('records the time, the address and what it carries', async () => {
      const { id, auth } = await register();
      h.test.clock.advance(60_000);
      const response = await h.test.app.inject({
        method: 'POST',
        url: `/_internal/players/${id}/heartbeat`,
        headers: { authorization: auth.apiToken },
        remoteAddress: '192.0.2.7',
        payload: { uptime: 42, version: '1.0.0' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ receivedAt: h.test.clock() });
      expect(await playerRow(id)).toMatchObject({
        last_heartbeat_at: h.test.clock(),
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
      const text = await h.test.app.inject({
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
      const { players, db } = h.test.app.services;
      const raised = await players.raiseCommand(id, 'screenshot', 'low');
      await players.raiseCommand(id, 'mute');
      expect(await tree(id)).toMatchObject({ action_flags: { screenshot: 'low', mute: true } });
      h.test.clock.advance(5000);
      const response = await inject('POST', `/${id}/screenshot`, auth.apiToken);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ acknowledged: 'screenshot', acknowledgedAt: h.test.clock() });
      expect(await tree(id)).toMatchObject({ action_flags: { mute: true } });
      const commands = await db.selectFrom('commands').selectAll().where('player_id', '=', id).execute();
      expect(commands.find((command) => command.id === raised.id)).toMatchObject({
        name: 'screenshot',
        param: '"low"',
        acknowledged_at: h.test.clock(),
      });
      expect(commands.find((command) => command.name === 'mute')?.acknowledged_at).toBeNull();
    });

    it('acknowledges a flag it does not know too', async () => {
      const { id, auth } = await register();
      const response = await inject('POST', `/${id}/some_future_flag`, auth.apiToken);
      expect(response.statusCode).toBe(200);
    });
  });
});
