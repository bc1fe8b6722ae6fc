import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loggerOptions, redactUrl } from './logger';

describe('logger', () => {
  it('redacts authorization headers, tokens, secrets and passwords wherever they are logged', () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const log = pino({ ...loggerOptions('info'), serializers: {} }, stream);
    log.info(
      {
        headers: { authorization: 'Bearer abc' },
        body: { password: 'pw1', secret: 's1', apiToken: 't1', nested: { refreshToken: 'r1' } },
        token: 'x1',
      },
      'request',
    );
    const line = JSON.parse(lines[0] as string) as Record<string, unknown>;
    expect(line).toMatchObject({
      headers: { authorization: '[redacted]' },
      body: {
        password: '[redacted]',
        secret: '[redacted]',
        apiToken: '[redacted]',
        nested: { refreshToken: '[redacted]' },
      },
      token: '[redacted]',
    });
  });

  it('masks token-like query parameters in URLs', () => {
    expect(redactUrl('/db/players/p.json?auth=abc&format=export')).toBe(
      '/db/players/p.json?auth=[redacted]&format=export',
    );
    expect(redactUrl('/x?access_token=1&TOKEN=2&keep=3&key')).toBe(
      '/x?access_token=[redacted]&TOKEN=[redacted]&keep=3&key',
    );
    expect(redactUrl('/api/v1/auth/sso/callback?code=c0de&state=s')).toBe(
      '/api/v1/auth/sso/callback?code=[redacted]&state=s',
    );
    expect(redactUrl('/plain')).toBe('/plain');
  });
});
