// Error reports (docs/player.md §Logging and monitoring): the page's uncaught errors and unhandled rejections go to
// POST /errors as {message, service, time, stack?}. Every session is sampled (100%); at most MAX_ERROR_REPORTS per
// page load and each message once, so a crash loop cannot flood the server. A report that fails is dropped: its
// failure must not become another report.

export const ERRORS_PATH = '/errors';
export const MAX_ERROR_REPORTS = 20;
/** Within the server's bounds on a report's message and stack. */
const MESSAGE_MAX_LENGTH = 4000;
const STACK_MAX_LENGTH = 16_000;
const UNKNOWN_ERROR = 'Unknown error';

export interface ErrorReport {
  message: string;
  service: string;
  /** The player's clock, epoch ms. */
  time: number;
  stack?: string;
}

export interface ErrorReportsOptions {
  /** Where 'error' and 'unhandledrejection' are heard: the page's window. */
  events: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  /** The reporting service, e.g. 'meet-player'. */
  service: string;
  send: (report: ErrorReport) => Promise<unknown>;
  clock?: () => number;
}

interface Reason {
  message?: unknown;
  stack?: unknown;
}

/** What an 'error' or 'unhandledrejection' event says went wrong. */
function describe(event: Event): { message: string; stack: string | undefined } {
  if (event.type === 'error') {
    const { message, error } = event as ErrorEvent;
    const stack = (error as Reason | null | undefined)?.stack;
    return { message: String(message ?? ''), stack: typeof stack === 'string' ? stack : undefined };
  }
  const reason = (event as PromiseRejectionEvent).reason as unknown;
  const { message, stack } = (reason !== null && typeof reason === 'object' ? reason : {}) as Reason;
  return {
    message: typeof message === 'string' ? message : String(reason),
    stack: typeof stack === 'string' ? stack : undefined,
  };
}

/** Starts reporting; returns the function that stops it. */
export function reportUncaughtErrors({
  events,
  service,
  send,
  clock = Date.now,
}: ErrorReportsOptions): () => void {
  let sent = 0;
  const seen = new Set<string>();
  const onEvent = (event: Event) => {
    const { message, stack } = describe(event);
    if (sent >= MAX_ERROR_REPORTS || seen.has(message)) return;
    seen.add(message);
    sent += 1;
    const report: ErrorReport = {
      message: message.slice(0, MESSAGE_MAX_LENGTH) || UNKNOWN_ERROR,
      service,
      time: clock(),
    };
    if (stack !== undefined) report.stack = stack.slice(0, STACK_MAX_LENGTH);
    send(report).catch(() => {});
  };
  events.addEventListener('error', onEvent);
  events.addEventListener('unhandledrejection', onEvent);
  return () => {
    events.removeEventListener('error', onEvent);
    events.removeEventListener('unhandledrejection', onEvent);
  };
}
