// Fastify's child logger of a request, made when the request first logs something. Fastify makes one for every
// request, to bind its id; with the redaction of logger.ts (wildcard paths), pino runs that redaction over the
// bindings of each child it makes: kilobytes of garbage per request, and every screen of a reconnecting fleet
// opens its socket with a request. Most requests log nothing at the configured level, so most never need it.

import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'fastify/types/logger';

type Method = 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal';

/** pino's levels (a custom level makes the child at once: whether it is enabled is not known here). */
const LEVEL_VALUES: Readonly<Record<string, number>> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
  silent: Infinity,
};

/** A Fastify childLoggerFactory: `logger.child(bindings, options)`, made on the first enabled log call. */
export function lazyChildLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  // A route's own level or serializers (rare), or a custom level: made at once.
  if (Object.keys(options).length > 0 || LEVEL_VALUES[logger.level] === undefined) {
    return logger.child(bindings, options);
  }
  return new LazyChild(logger, bindings);
}

class LazyChild implements FastifyBaseLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
  ) {}

  get level(): string {
    return this.made?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.real().level = level;
  }

  trace(...args: unknown[]): void {
    this.log('trace', args);
  }

  debug(...args: unknown[]): void {
    this.log('debug', args);
  }

  info(...args: unknown[]): void {
    this.log('info', args);
  }

  warn(...args: unknown[]): void {
    this.log('warn', args);
  }

  error(...args: unknown[]): void {
    this.log('error', args);
  }

  fatal(...args: unknown[]): void {
    this.log('fatal', args);
  }

  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real().child(bindings, options);
  }

  private real(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings));
  }

  private log(method: Method, args: unknown[]): void {
    // Until the child exists its level is its parent's.
    if (this.made === undefined && LEVEL_VALUES[method]! < (LEVEL_VALUES[this.parent.level] ?? 0)) return;
    (this.real()[method] as (...args: unknown[]) => void)(...args);
  }
}
