// The service a batch of log lines names: checked at the ingest, kept with each line, shown in the diagnostics.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness/app';
import {
  bearer,
  pairedScreen,
  signUpOperator,
  type PairedScreen,
  type TestOperator,
} from '../../test/harness/management';

describe('the service of log lines', () => {
  let test: TestApp;
  let operator: TestOperator;

  beforeAll(async () => {
    test = await startTestApp();
    operator = await signUpOperator(test.app, 'Log Services Org');
  });
  afterAll(async () => {
    await test.close();
  });

  const ship = (paired: PairedScreen, payload: unknown) =>
    test.app.inject({
      method: 'POST',
      url: '/logs/lines',
      headers: { authorization: paired.player.auth.apiToken },
      payload: payload as object,
    });
  const shown = async (paired: PairedScreen) => {
    const response = await test.app.inject({
      url: `/api/v1/screens/${paired.screenId}/logs`,
      headers: bearer(operator.token),
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ lines: { message: string; service: string | null }[] }>().lines;
  };

  it('comes back with each line of the batch in the diagnostics, and null for a batch that named none', async () => {
    const paired = await pairedScreen(test.app, operator);
    const named = await ship(paired, {
      service: 'meet-player',
      lines: [
        { level: 'warn', message: 'socket closed' },
        { level: 'error', message: 'registration failed' },
      ],
    });
    expect(named.statusCode).toBe(201);
    test.clock.advance(1000);
    expect((await ship(paired, { lines: [{ level: 'warn', message: 'no service' }] })).statusCode).toBe(201);
    expect(await shown(paired)).toMatchObject([
      { message: 'no service', service: null },
      { message: 'registration failed', service: 'meet-player' },
      { message: 'socket closed', service: 'meet-player' },
    ]);
  });

  it.each([['Meet-Player'], [''], ['-player'], ['9player'], ['meet player'], ['m'.repeat(41)], [42], [null]])(
    'refuses the service %j with a 400 naming it, and stores nothing',
    async (service) => {
      const paired = await pairedScreen(test.app, operator);
      const response = await ship(paired, { service, lines: [{ level: 'error', message: 'x' }] });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'service' });
      expect(await shown(paired)).toEqual([]);
    },
  );

  it('takes a service name of up to 40 characters', async () => {
    const paired = await pairedScreen(test.app, operator);
    const service = `m${'-9'.repeat(19)}x`;
    expect(service).toHaveLength(40);
    expect((await ship(paired, { service, lines: [{ level: 'info', message: 'x' }] })).statusCode).toBe(201);
    expect((await shown(paired))[0]?.service).toBe(service);
  });
});
