// pino options of the service: the level from the configuration, and no secret ever written to a log line —
// authorization headers, cookies, tokens, secrets and passwords are redacted wherever they appear, and token-like
// query parameters are masked in logged URLs.

import type { FastifyRequest } from 'fastify';
import type { LoggerOptions } from 'pino';
import type { LogLevel } from './config';

const SECRET_FIELDS = [
  'password',
  'secret',
  'token',
  'apiToken',
  'firebaseTokenV2',
  'idToken',
  'refreshToken',
  'refresh_token',
  'id_token',
  'access_token',
  'authorization',
];

const REDACTED = '[redacted]';

const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`, `*.*.${field}`]),
];

// `code`: an OpenID provider's authorization code, in the single sign-on callback's URL (sso/ssoSignIn.ts).
const SECRET_QUERY_PARAMETER = /^(auth|token|access_token|id_token|refresh_token|key|secret|password|code)$/i;

/** `url` with the values of token-like query parameters replaced by [redacted]. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const query = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals === -1 ? pair : pair.slice(0, equals);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // a malformed name is logged as sent
      }
      return equals !== -1 && SECRET_QUERY_PARAMETER.test(decoded) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, queryStart)}?${query}`;
}

export function loggerOptions(level: LogLevel): LoggerOptions {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: {
      req(request: FastifyRequest) {
        return {
          method: request.method,
          url: redactUrl(request.url),
          host: request.host,
          remoteAddress: request.ip,
        };
      },
    },
  };
}
