// The player API (/_internal/players) as its route tests drive it: a fresh app for each test, registration bodies,
// registered and paired players, and what the server stored about them.

import { decodeJwt } from 'jose';
import { afterEach, beforeEach, expect } from 'vitest';
import { PAIRING_CODE_ALPHABET, playerDocumentPath, type AuthObject } from '@marquee/protocol';
import { startTestApp, type TestApp } from './app';
import { insertOrg, insertScreen } from './fixtures';

export const PAIRING_CODE = new RegExp(`^[${PAIRING_CODE_ALPHABET}]{6}$`);

export function registration(
  deviceId: string,
  hardwareId: string | null = null,
  settings: object = { name: 'Lobby' },
) {
  return {
    settings,
    device: { id: deviceId, model: 'Model X', platform: 'browser', device: { hardware_id: hardwareId } },
  };
}

/** Starts a fresh app before each test of the calling suite and closes it after. */
export function usePlayerApi() {
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

  return {
    /** The app of the test running. */
    get test(): TestApp {
      return test;
    },
    /** Replaces the test's app by one started with `options`. */
    async restart(options: Parameters<typeof startTestApp>[0]): Promise<void> {
      await test.close();
      test = await startTestApp(options);
    },
    inject,
    register,
    pair,
    playerRow: (id: string) =>
      test.app.services.db.selectFrom('players').selectAll().where('id', '=', id).executeTakeFirst(),
    tree: async (id: string) => (await test.app.services.documents.get(playerDocumentPath(id))).value,
  };
}
