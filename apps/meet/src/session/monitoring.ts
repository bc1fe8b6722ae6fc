// What the meeting-room player reports, as the general player does (docs/player.md §Logging and monitoring), under
// its own service name 'meet-player' (docs/meeting-room.md §Credentials): its warnings and errors, batched to the
// logging service (each batch names the service), and its uncaught errors and unhandled rejections as error
// reports. Every session is sampled.

import {
  ERRORS_PATH,
  LOG_LINES_PATH,
  createLogShipper,
  reportUncaughtErrors,
  type HttpClient,
  type Logger,
} from '@marquee/player-core';

export interface MonitoringOptions {
  service: string;
  logger: Pick<Logger, 'addSink'>;
  /** Authenticated with the player's API token. */
  http: Pick<HttpClient, 'request'>;
  /** The page's window, where uncaught errors surface. */
  events: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
}

/** Starts both; returns the function that stops them. */
export function startMonitoring({ service, logger, http, events }: MonitoringOptions): () => void {
  const shipper = createLogShipper({
    service,
    send: (batch) => http.request('POST', LOG_LINES_PATH, { body: batch }),
  });
  const removeSink = logger.addSink(shipper.sink);
  const stopReports = reportUncaughtErrors({
    events,
    service,
    send: (report) => http.request('POST', ERRORS_PATH, { body: report }),
  });
  return () => {
    removeSink();
    shipper.stop();
    stopReports();
  };
}
