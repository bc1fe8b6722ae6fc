// GET /api/v1/audit (docs/teams.md §Audit log) over HTTP: an operator reads their organisation's entries and no
// other's, bad query values answer 400 naming the field, and no route edits or deletes an entry.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, AuditPage } from '@marquee/management-api';
import { startTestApp, type TestApp } from '../../test/harness/app';
import { bearer, pairedScreen, signUpOperator, type TestOperator } from '../../test/harness/management';

describe('/api/v1/audit', () => {
  let test: TestApp;
  let a: TestOperator;
  let b: TestOperator;
  let aScreenId = '';

  const get = (operator: TestOperator, query = '') =>
    test.app.inject({ method: 'GET', url: `/api/v1/audit${query}`, headers: bearer(operator.token) });
  const entriesOf = async (operator: TestOperator, query = '') => {
    const response = await get(operator, query);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AuditPage>().entries;
  };

  beforeAll(async () => {
    test = await startTestApp({ sweepTimers: null, webhookTimers: null });
    a = await signUpOperator(test.app, 'Org A');
    b = await signUpOperator(test.app, 'Org B');
    aScreenId = (await pairedScreen(test.app, a, 'A lobby')).screenId;
    await test.app.inject({
      method: 'PATCH',
      url: `/api/v1/screens/${aScreenId}`,
      headers: bearer(a.token),
      payload: { name: 'A hall' },
    });
    await pairedScreen(test.app, b, 'B lobby');
  });
  afterAll(async () => {
    await test.close();
  });

  it("answers the organisation's entries, newest first, and none of another's", async () => {
    const mine = await entriesOf(a);
    expect(mine.map((entry) => entry.action)).toEqual(['screen.update', 'screen.pair']);
    expect(mine.every((entry) => entry.actor.id === a.userId)).toBe(true);
    const theirs = await entriesOf(b);
    expect(theirs.map((entry) => [entry.action, entry.actor.id])).toEqual([['screen.pair', b.userId]]);
    // Filtering by A's screen or A's member finds nothing for B.
    expect(await entriesOf(b, `?target=${aScreenId}`)).toEqual([]);
    expect(await entriesOf(b, `?actor=${a.userId}`)).toEqual([]);
    expect((await entriesOf(a, `?target=${aScreenId}&limit=1`)).map((entry) => entry.action)).toEqual([
      'screen.update',
    ]);
  });

  it.each([
    ['?from=-1', 'from'],
    ['?from=yesterday', 'from'],
    ['?to=1.5', 'to'],
    ['?limit=0', 'limit'],
    ['?limit=201', 'limit'],
    ['?cursor=not-a-cursor', 'cursor'],
    ['?from=2000&to=1000', 'to'],
    ['?colour=red', 'colour'],
  ])('%s answers 400 naming %s', async (query, field) => {
    const response = await get(a, query);
    expect(response.statusCode, response.body).toBe(400);
    expect(JSON.stringify(response.json())).toContain(field);
  });

  it('has no route that edits or deletes an entry: the entry is still there', async () => {
    const [entry] = await entriesOf(a);
    const id = (entry as AuditEntry).id;
    for (const [method, url] of [
      ['PATCH', `/api/v1/audit/${id}`],
      ['PUT', `/api/v1/audit/${id}`],
      ['DELETE', `/api/v1/audit/${id}`],
      ['DELETE', '/api/v1/audit'],
      ['POST', '/api/v1/audit'],
    ] as const) {
      const response = await test.app.inject({
        method,
        url,
        headers: bearer(a.token),
        payload: { action: 'nothing.happened' },
      });
      expect([404, 405]).toContain(response.statusCode);
    }
    const after = await entriesOf(a);
    expect(after[0]).toEqual(entry);
    expect(after).toHaveLength(2);
  });

  it('needs a signed-in operator', async () => {
    expect((await test.app.inject({ method: 'GET', url: '/api/v1/audit' })).statusCode).toBe(401);
  });
});
