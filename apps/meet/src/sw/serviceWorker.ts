// The meeting player's service worker (scope /meet/): it carries the version. A new one waits until the page
// tells it to skip waiting; activated, it takes the pages over, whose controller change reloads them once.

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface ExtendableMessageEvent extends ExtendableEvent {
  readonly data: unknown;
}
interface WorkerScope {
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'message', listener: (event: ExtendableMessageEvent) => void): void;
}

declare const self: WorkerScope;

self.addEventListener('install', () => {
  // Waits: the page decides when a new version takes over.
});

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') event.waitUntil(self.skipWaiting());
});
