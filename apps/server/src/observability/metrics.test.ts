import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness/app';
import { registerPlayer } from '../../test/harness/management';

/** The value of one sample line of the exposition text, e.g. 'marquee_heartbeats_total'. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | null {
  const wanted = Object.entries(labels);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name} `) && !line.startsWith(`${name}{`)) continue;
    const labelText = /\{(.*)\}/.exec(line)?.[1] ?? '';
    if (wanted.every(([key, value]) => labelText.includes(`${key}="${value}"`)))
      return Number(line.split(' ').pop());
  }
  return null;
}

describe('/metrics', () => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });
  const start = async () => {
    const test = await startTestApp();
    apps.push(test);
    return test;
  };
  const scrape = async (test: TestApp) => {
    const response = await test.app.inject({ url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers['cache-control']).toBe('no-store');
    return response.body;
  };

  it('counts requests by method, route pattern and status, with latency', async () => {
    const test = await start();
    await test.app.inject({ url: '/healthz' });
    await test.app.inject({ url: '/healthz' });
    await test.app.inject({ url: '/api/v1/screens/abc' });
    await test.app.inject({ method: 'POST', url: '/no/such/route' });
    const text = await scrape(test);
    expect(
      sample(text, 'marquee_http_requests_total', { method: 'GET', route: '/healthz', status: '200' }),
    ).toBe(2);
    expect(
      sample(text, 'marquee_http_requests_total', {
        method: 'GET',
        route: '/api/v1/screens/:id',
        status: '401',
      }),
    ).toBe(1);
    expect(
      sample(text, 'marquee_http_requests_total', { method: 'POST', route: 'unmatched', status: '404' }),
    ).toBe(1);
    expect(sample(text, 'marquee_http_request_duration_seconds_count', { route: '/healthz' })).toBe(2);
    expect(text).toContain('marquee_process_cpu_user_seconds_total');
  });

  it('counts players registered and heartbeats recorded, refused heartbeats not', async () => {
    const test = await start();
    const player = await registerPlayer(test.app);
    await registerPlayer(test.app);
    const beat = (authorization: string) =>
      test.app.inject({
        method: 'POST',
        url: `/_internal/players/${player.id}/heartbeat`,
        headers: { authorization },
      });
    expect((await beat(player.auth.apiToken)).statusCode).toBe(200);
    expect((await beat(player.auth.apiToken)).statusCode).toBe(200);
    expect((await beat('bad token')).statusCode).toBe(401);
    const text = await scrape(test);
    expect(sample(text, 'marquee_players_registered')).toBe(2);
    expect(sample(text, 'marquee_heartbeats_total')).toBe(2);
  });

  it('keeps the metrics of each app apart', async () => {
    const first = await start();
    const second = await start();
    await first.app.inject({ url: '/healthz' });
    expect(sample(await scrape(second), 'marquee_http_requests_total', { route: '/healthz' })).toBeNull();
    expect(sample(await scrape(first), 'marquee_http_requests_total', { route: '/healthz' })).toBe(1);
  });
});
