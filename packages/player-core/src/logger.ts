// Logging with the levels of docs/player.md §Logging and monitoring (error 0, warn 2, info 3, debug 4, log 5): a
// line is written when its level is within the configured one (the stored 'logging' {logLevel}, or the realtime
// logging node). Lines also go to sinks (the parent's logService, the server's /logs/lines batch), which must never
// throw into the caller.

import { shouldLog, type LogLevelName } from '@marquee/protocol';

export interface LogLine {
  level: LogLevelName;
  message: string;
  data?: unknown;
  time: number;
}

export type LogSink = (line: LogLine) => void;

export interface ConsoleLike {
  error(...args: unknown[]): void;
  warn(...args: unknown[]): void;
  info(...args: unknown[]): void;
  debug(...args: unknown[]): void;
  log(...args: unknown[]): void;
}

export interface Logger {
  error(message: string, data?: unknown): void;
  warn(message: string, data?: unknown): void;
  info(message: string, data?: unknown): void;
  debug(message: string, data?: unknown): void;
  log(message: string, data?: unknown): void;
  /** Adds a sink; returns the function that removes it. */
  addSink(sink: LogSink): () => void;
}

export interface LoggerOptions {
  /** Prefix of every console line, e.g. 'marquee-player'. */
  service: string;
  /** The configured level (anything parseLogLevel reads), asked on every line. */
  level: () => unknown;
  console?: ConsoleLike;
  clock?: () => number;
}

export function createLogger({
  service,
  level,
  console: out = console,
  clock = Date.now,
}: LoggerOptions): Logger {
  const sinks = new Set<LogSink>();
  const write = (name: LogLevelName) => (message: string, data?: unknown) => {
    if (!shouldLog(name, level())) return;
    const args: unknown[] = [`[${service}] ${message}`];
    if (data !== undefined) args.push(data);
    out[name](...args);
    const line: LogLine = { level: name, message, time: clock() };
    if (data !== undefined) line.data = data;
    for (const sink of sinks) {
      try {
        sink(line);
      } catch {
        // a broken sink must not break logging
      }
    }
  };
  return {
    error: write('error'),
    warn: write('warn'),
    info: write('info'),
    debug: write('debug'),
    log: write('log'),
    addSink(sink) {
      sinks.add(sink);
      return () => sinks.delete(sink);
    },
  };
}

/** docs/player.md §Start-up: at start-up the product logs a service name, a mode and a version. */
export function logStart(logger: Logger, info: { service: string; mode: string; version: string }): void {
  logger.info(`${info.service} starting`, { service: info.service, mode: info.mode, version: info.version });
}
