import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NGINX_TEMPLATE, renderNginxConfig, startNginx, type NginxServer } from './nginx';

const VALUES = {
  USER: 'www-data',
  RUN_DIR: '/run',
  LOG_DIR: '/var/log/nginx',
  TEMP_DIR: '/var/lib/nginx',
  LISTEN: '80',
  SERVER_NAME: 'signage.example.com',
  NODE: ['10.0.0.1:8080', '10.0.0.2:8080'],
};

describe('renderNginxConfig', () => {
  const template = fs.readFileSync(NGINX_TEMPLATE, 'utf8');

  it('fills every placeholder of the production template, one server line per node', () => {
    const config = renderNginxConfig(template, VALUES);
    const directives = config.split('\n').filter((line) => !line.trimStart().startsWith('#'));
    expect(directives.join('\n')).not.toMatch(/\{\{/);
    expect(config).toContain('user www-data;');
    expect(config).toContain('listen 80 backlog=4096;');
    expect(config).toContain('client_body_temp_path /var/lib/nginx/body;');
    expect(directives.filter((line) => /^\s*server 10\.0\.0\.\d:8080 max_fails=1 /.test(line))).toHaveLength(
      2,
    );
  });

  it('drops the lines of a placeholder given null and refuses unknown placeholders', () => {
    expect(renderNginxConfig(template, { ...VALUES, USER: null })).not.toMatch(/^\s*user /m);
    expect(() => renderNginxConfig('listen {{PORT}};', VALUES)).toThrow('unknown placeholder {{PORT}}');
  });
});

interface Upstream {
  server: http.Server;
  address: string;
  requests: http.IncomingHttpHeaders[];
}

/** An upstream answering its name and echoing the bytes of an upgraded connection. */
async function upstream(name: string): Promise<Upstream> {
  const requests: http.IncomingHttpHeaders[] = [];
  const server = http.createServer((request, response) => {
    requests.push(request.headers);
    request.resume();
    request.on('end', () => response.end(name));
  });
  server.on('upgrade', (request, socket) => {
    requests.push(request.headers);
    socket.write('HTTP/1.1 101 Switching Protocols\r\nUpgrade: echo\r\nConnection: Upgrade\r\n\r\n');
    socket.pipe(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, address: `127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
}

function stop(server: http.Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

/** The status nginx answers to the headers of a body it has not yet received (Expect: 100-continue). */
function statusBeforeBody(origin: string, bytes: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${origin}/upload`, {
      method: 'POST',
      headers: { 'content-length': bytes, expect: '100-continue' },
    });
    request.on('continue', () => {
      resolve(100);
      request.destroy();
    });
    request.on('response', (response) => {
      resolve(response.statusCode ?? 0);
      response.resume();
      request.destroy();
    });
    request.on('error', reject);
    request.end();
  });
}

describe('startNginx', () => {
  let nginx: NginxServer;
  let a: Upstream;
  let b: Upstream;

  beforeAll(async () => {
    [a, b] = await Promise.all([upstream('a'), upstream('b')]);
    nginx = await startNginx({ upstreams: [a.address, b.address] });
  });
  afterAll(async () => {
    await nginx?.close();
    await Promise.all([a, b].map((each) => each && stop(each.server)));
  });

  it('balances over the nodes and forwards the client address, host and scheme, never a forged address', async () => {
    const answers = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const response = await fetch(`${nginx.origin}/x`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
      answers.add(await response.text());
    }
    expect(answers).toEqual(new Set(['a', 'b']));
    const headers = [...a.requests, ...b.requests].at(-1);
    expect(headers).toMatchObject({
      'x-forwarded-for': '127.0.0.1',
      'x-forwarded-proto': 'http',
      host: `127.0.0.1:${nginx.port}`,
    });
    // Keep-alive to the nodes: no Connection: close on plain requests.
    expect(headers?.connection).toBeUndefined();
  });

  it('passes WebSocket upgrades on /realtime through as a tunnel', async () => {
    const socket = await new Promise<Socket>((resolve, reject) => {
      const request = http.request(`${nginx.origin}/realtime`, {
        headers: { connection: 'Upgrade', upgrade: 'echo' },
      });
      request.on('upgrade', (_response, upgraded) => resolve(upgraded));
      request.on('response', (response) => reject(new Error(`no upgrade: ${response.statusCode}`)));
      request.on('error', reject);
      request.end();
    });
    const echoed = new Promise<string>((resolve) => socket.once('data', (data) => resolve(String(data))));
    socket.write('hello through nginx');
    expect(await echoed).toBe('hello through nginx');
    socket.destroy();
  });

  it('accepts a media upload of 100 MiB and refuses a larger body itself', async () => {
    expect(await statusBeforeBody(nginx.origin, 100 * 1024 * 1024 + 4096)).toBe(100);
    expect(await statusBeforeBody(nginx.origin, 102 * 1024 * 1024)).toBe(413);
  });

  it('skips a node that refuses connections, for GET and for POST', async () => {
    await stop(a.server);
    const answers: string[] = [];
    for (let i = 0; i < 4; i++) {
      answers.push(await (await fetch(`${nginx.origin}/x`)).text());
      answers.push(await (await fetch(`${nginx.origin}/x`, { method: 'POST', body: 'x' })).text());
    }
    expect(answers).toEqual(Array(8).fill('b'));
  });
});
