// The player API's registration (docs/protocols/player-api.md §Registration): new players and their pairing codes,
// re-registration, the duplicate-hardware rule, blocked devices, malformed bodies, and the rate limits.

import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PLAYER_NAME,
  PAIRING_CODE_ALPHABET,
  SCREEN_NAME_MAX_LENGTH,
  type AuthObject,
} from '@marquee/protocol';
import { PAIRING_CODE, registration, usePlayerApi } from '../../test/harness/playerApi';
import { DUPLICATE_HARDWARE_MESSAGE } from './playerService';

describe('/_internal/players registration', () => {
  const h = usePlayerApi();
  const { inject, register, pair, playerRow, tree } = h;

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
        created_at: h.test.clock(),
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
      await h.restart({ env: { MARQUEE_EXEMPT_ORGS: 'org-exempt' } });
      await pair((await register('hw-env')).id, { id: 'org-exempt' });
      await register('hw-env');
      await pair((await register('hw-env2')).id, { id: 'org-other' });
      expect((await inject('POST', '', undefined, registration('x', 'hw-env2'))).statusCode).toBe(409);
    });

    it('answers 403 for a blocked hardware id or a blocked player', async () => {
      const { id, auth } = await register('hw-blocked');
      await h.test.app.services.db.updateTable('players').set({ blocked: 1 }).where('id', '=', id).execute();
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
      const malformed = await h.test.app.inject({
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
      // First player: six draws of 0 ('AAAAAA'); the second draws 'AAAAAA' again, then six draws of 0.5.
      const draws = [...Array(12).fill(0), ...Array(6).fill(0.5)] as number[];
      await h.restart({ random: () => draws.shift() ?? 0.99 });
      const first = await register();
      const second = await register();
      const half = PAIRING_CODE_ALPHABET.charAt(PAIRING_CODE_ALPHABET.length / 2);
      expect((await playerRow(first.id))?.pairing_code).toBe('AAAAAA');
      expect((await playerRow(second.id))?.pairing_code).toBe(half.repeat(6));
    });

    it('never answers 5xx, whatever JSON is sent', async () => {
      await fc.assert(
        fc.asyncProperty(fc.jsonValue(), async (payload) => {
          const response = await h.test.app.inject({
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

  describe('rate limits', () => {
    it('limits registration per IP and the player API per token', async () => {
      await h.restart({ rateLimits: { registrationPerIp: 2, playerApiPerToken: 2 } });
      const a = await register();
      await register();
      const limited = await inject('POST', '', undefined, registration('third'));
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });
      const fromElsewhere = await h.test.app.inject({
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
