// Serves the built front ends at the paths of docs/architecture.md §The pieces:
// apps/{player,meet,content,studio,host}/dist at /, /meet/, /content/, /studio/ and /host/. Each index.html gets the
// runtime configuration injected and its app's security policy (pageSecurity.ts), and is never cached without
// revalidation; hashed files under assets/ are cached for a year. An app that is not built answers a 404 page saying
// so (the front ends are built separately); a missing file answers the JSON 404 of the API.
// The content player and the studio route on the client (/content/pair, /studio/screens/…): an extensionless
// path that is no file gets their index.html.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { PRODUCT_NAME } from '@marquee/protocol';
import { notFoundHandler } from '../http/errorHandler';
import { pageSecurityHeaders, type PageKind } from './pageSecurity';
import { injectRuntimeConfig, runtimeConfigOf } from './runtimeConfig';

export interface HostedApp {
  /** Folder under apps/; also names the security policy of its pages. */
  name: PageKind;
  /** URL prefix, with its trailing slash. */
  prefix: string;
  /** Client-side routes: extensionless paths fall back to index.html. */
  spa: boolean;
  /** What the 404 page calls it. */
  label: string;
}

export const HOSTED_APPS: readonly HostedApp[] = [
  { name: 'player', prefix: '/', spa: false, label: 'player' },
  { name: 'meet', prefix: '/meet/', spa: false, label: 'meeting-room player' },
  { name: 'content', prefix: '/content/', spa: true, label: 'content player' },
  { name: 'studio', prefix: '/studio/', spa: true, label: 'studio' },
  { name: 'host', prefix: '/host/', spa: false, label: 'reference wrapper' },
];

export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
export const REVALIDATE_CACHE = 'no-cache';
/** Vite writes content-hashed file names under this folder of dist/. */
const HASHED_ASSETS_DIR = 'assets';

/** apps/ of this checkout: src/hosting → src → server → apps. */
export const DEFAULT_APPS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface StaticAppsOptions {
  /** The folder holding {player,meet,content,studio,host}/dist. */
  appsDir?: string;
}

interface CachedIndex {
  mtimeMs: number;
  size: number;
  html: string;
}

function statOf(file: string): fs.Stats | null {
  try {
    return fs.statSync(file);
  } catch {
    return null;
  }
}

/**
 * The file `relative` names inside `root`, or null for anything but plain names: any segment starting with '.'
 * ('..', hidden files), backslashes and NUL bytes are refused, and the result must stay inside `root`.
 */
export function resolveInside(root: string, relative: string): string | null {
  if (relative.includes('\0') || relative.includes('\\')) return null;
  const segments = relative.split('/').filter((segment) => segment !== '');
  if (segments.some((segment) => segment.startsWith('.'))) return null;
  const resolved = path.resolve(root, ...segments);
  return resolved === root || resolved.startsWith(root + path.sep) ? resolved : null;
}

/** The origin a request came in by, e.g. 'http://192.168.1.20:8080' (Host header, as the browser wrote it). */
export function requestOrigin(request: Pick<FastifyRequest, 'protocol' | 'host'>): string {
  return `${request.protocol}://${request.host}`;
}

function notBuiltPage(app: HostedApp): string {
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<title>${PRODUCT_NAME}: the ${app.label} is not built</title></head>`,
    `<body><h1>The ${PRODUCT_NAME} ${app.label} is not built</h1>`,
    `<p>Nothing is served at <code>${app.prefix}</code> yet: <code>apps/${app.name}/dist</code> does not exist. `,
    'Build the front ends (<code>npm start</code> builds what is needed) and reload.</p></body></html>',
  ].join('');
}

export const staticApps: FastifyPluginAsync<StaticAppsOptions> = async (app, options) => {
  const appsDir = path.resolve(options.appsDir ?? DEFAULT_APPS_DIR);
  const { config } = app.services;
  const indexCache = new Map<string, CachedIndex>();

  // sendFile only (Range, ETag, conditional requests, content types); routing and headers are ours.
  await app.register(fastifyStatic, { root: appsDir, serve: false });

  function sendIndex(
    hosted: HostedApp,
    request: FastifyRequest,
    reply: FastifyReply,
    file: string,
    stat: fs.Stats,
  ): FastifyReply {
    let cached = indexCache.get(file);
    if (cached === undefined || cached.mtimeMs !== stat.mtimeMs || cached.size !== stat.size) {
      cached = { mtimeMs: stat.mtimeMs, size: stat.size, html: fs.readFileSync(file, 'utf8') };
      indexCache.set(file, cached);
    }
    // Without MARQUEE_PUBLIC_URL the URLs follow the address this request came in by (requestOrigin).
    const runtimeConfig = runtimeConfigOf(config, requestOrigin(request));
    const html = injectRuntimeConfig(cached.html, runtimeConfig);
    return reply
      .headers(pageSecurityHeaders(hosted.name, runtimeConfig))
      .header('cache-control', REVALIDATE_CACHE)
      .type('text/html; charset=utf-8')
      .send(html);
  }

  function serve(hosted: HostedApp, request: FastifyRequest, reply: FastifyReply, rest: string) {
    const dist = path.join(appsDir, hosted.name, 'dist');
    const rootIndex = path.join(dist, 'index.html');
    const sendRootIndex = () => {
      const stat = statOf(rootIndex);
      if (stat === null || !stat.isFile()) {
        return reply
          .status(404)
          .headers(pageSecurityHeaders(hosted.name, runtimeConfigOf(config, requestOrigin(request))))
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(notBuiltPage(hosted));
      }
      return sendIndex(hosted, request, reply, rootIndex, stat);
    };
    if (rest === '' || rest === 'index.html') return sendRootIndex();

    const file = resolveInside(dist, rest);
    if (file === null) return notFoundHandler(request, reply);
    const stat = statOf(file);
    if (stat?.isFile()) {
      if (path.basename(file) === 'index.html') return sendIndex(hosted, request, reply, file, stat);
      const relative = path.relative(dist, file).split(path.sep).join('/');
      const immutable = relative.startsWith(`${HASHED_ASSETS_DIR}/`);
      reply.header('cache-control', immutable ? IMMUTABLE_CACHE : REVALIDATE_CACHE);
      return reply.sendFile(relative, dist, { cacheControl: false, dotfiles: 'deny' });
    }
    if (stat?.isDirectory()) {
      const index = path.join(file, 'index.html');
      const indexStat = statOf(index);
      if (indexStat?.isFile()) return sendIndex(hosted, request, reply, index, indexStat);
    }
    const last = rest.split('/').filter(Boolean).pop() ?? '';
    if (hosted.spa && !last.includes('.')) return sendRootIndex();
    return notFoundHandler(request, reply);
  }

  const wildcard = (request: FastifyRequest) => (request.params as { '*'?: string })['*'] ?? '';
  const hidden = { schema: { hide: true } };

  for (const hosted of HOSTED_APPS) {
    if (hosted.prefix === '/') {
      app.get('/', hidden, (request, reply) => serve(hosted, request, reply, ''));
      app.get('/*', hidden, (request, reply) => serve(hosted, request, reply, wildcard(request)));
      continue;
    }
    const bare = hosted.prefix.slice(0, -1);
    app.get(bare, hidden, (request, reply) => {
      const query = request.url.indexOf('?');
      return reply.redirect(`${hosted.prefix}${query === -1 ? '' : request.url.slice(query)}`, 301);
    });
    app.get(hosted.prefix, hidden, (request, reply) => serve(hosted, request, reply, ''));
    app.get(`${hosted.prefix}*`, hidden, (request, reply) =>
      serve(hosted, request, reply, wildcard(request)),
    );
  }
};
