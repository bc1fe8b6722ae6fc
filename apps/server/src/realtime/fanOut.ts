// Fan-out of document changes to listeners (docs/architecture.md §Scale). One subscription per document per node,
// whatever the number of listeners: a feed holds the latest known value and revision of its document, and its listeners
// grouped by path. A change event carries the whole new document, so each affected path's value is computed, hashed and
// serialized once per event and the same text goes to every listener of that path. Each listener remembers the last
// revision it was sent, so it never gets a revision twice or out of order, whatever the transport does.
//
// When changes of other nodes may have been missed (Redis was away), every held document is read again and, where
// the stored revision is newer, delivered as a change of the whole document: listeners end with the current value.
//
// A change that may change who may read a document (its access branches, the whole document, or revisions missed
// in between that touched them) is shown to every listener's sink before anything is sent: a sink that must check
// its access again holds the listener, and resumes or ends it once it knows (the rules cache is told first).

import {
  getAtPath,
  isPathPrefix,
  joinPath,
  parsePath,
  restoreArrays,
  type RealtimeValue,
  type ValueEvent,
} from '@marquee/protocol';
import { DOCUMENT_DEPTH } from './documentPath';
import type { ChangeEvent, DocumentStore } from './documentStore';
import type { Unsubscribe } from './pubsub';
import { valueHash } from './valueHash';

/** Where a listener's events go: one per connection. */
export interface ListenerSink {
  /** The connection is gone: nothing is registered for it any more. */
  readonly closed: boolean;
  /** False while the connection may not receive (expired token): events are held back until resync. */
  readonly receiving: boolean;
  send(text: string): void;
  /** The same text, already encoded as UTF-8; sinks without it are sent the text. */
  sendEncoded?(utf8: Buffer): void;
  /**
   * Who may read the listener's document may have changed. True when the sink checks again: the listener is held
   * (gets nothing) until the sink calls resume() or unlisten().
   */
  revalidate(listener: Listener): boolean;
}

export interface Listener {
  readonly sink: ListenerSink;
  readonly docPath: string;
  /** Normalized absolute path. */
  readonly path: string;
  /** Revision of the last value sent; later events at or below it are dropped. */
  lastRev: number;
  /** Its sink is checking its access again: nothing is sent meanwhile. */
  held: boolean;
}

interface Group {
  segments: string[];
  listeners: Set<Listener>;
}

interface Feed {
  docPath: string;
  value: RealtimeValue;
  revision: number;
  /** Resolves once the document has been read; until then `latest` collects the newest event. */
  loaded: Promise<void>;
  ready: boolean;
  latest: ChangeEvent | null;
  groups: Map<string, Group>;
  listenerCount: number;
  /** Listens between their wait for `loaded` and their registration: the feed must outlive them. */
  pins: number;
  /** Counts the changes that may have changed who may read the document (see FanOutOptions.accessBranches). */
  accessEpoch: number;
  unsubscribe: Unsubscribe;
  /** The last change's paths, parsed (relative to the document): a screen writes the same path over and over. */
  lastChanged: { paths: readonly string[]; relative: readonly string[][] } | null;
}

/** The wire text of a value event. */
export function valueEventText(path: string, value: RealtimeValue, revision: number): string {
  const event: ValueEvent = {
    t: 'v',
    path,
    value: restoreArrays(value),
    hash: valueHash(value),
    rev: revision,
  };
  return JSON.stringify(event);
}

/** `changedPaths` relative to the feed's document, parsed once for a run of changes naming the same paths. */
function changedRelative(feed: Feed, changedPaths: readonly string[]): readonly string[][] {
  const last = feed.lastChanged;
  if (last !== null && last.paths.length === changedPaths.length) {
    let same = true;
    for (let index = 0; index < changedPaths.length && same; index++)
      same = last.paths[index] === changedPaths[index];
    if (same) return last.relative;
  }
  const relative = changedPaths.map((path) => parsePath(path).slice(DOCUMENT_DEPTH));
  feed.lastChanged = { paths: changedPaths, relative };
  return relative;
}

/** Documents read at once when catching up after missed changes. */
export const CATCH_UP_CONCURRENCY = 8;

/** Deep equality of two stored-form values (objects of primitives; key order does not matter). */
function sameValue(a: RealtimeValue, b: RealtimeValue): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => Object.hasOwn(b, key) && sameValue(a[key] ?? null, b[key] ?? null));
}

export interface FanOutStats {
  documents: number;
  listeners: number;
}

export interface FanOutOptions {
  onError?: (error: unknown, context: string) => void;
  /** Branches of a document whose change may change who may read it. */
  accessBranches?: readonly string[];
  /** Runs first when such a change of `docPath` is seen (to drop what is cached about its readers). */
  onAccessChange?: (docPath: string) => void;
}

export class FanOut {
  private readonly feeds = new Map<string, Feed>();
  private listenerCount = 0;
  private readonly onError: (error: unknown, context: string) => void;
  private readonly accessBranches: readonly string[];
  private readonly onAccessChange: (docPath: string) => void;

  constructor(
    private readonly documents: DocumentStore,
    options: FanOutOptions = {},
  ) {
    this.onError = options.onError ?? (() => {});
    this.accessBranches = options.accessBranches ?? [];
    this.onAccessChange = options.onAccessChange ?? (() => {});
    // Lives as long as the pub/sub, which forgets its handlers when closed.
    documents.onMissedChanges(async () => {
      await this.catchUp();
    });
  }

  stats(): FanOutStats {
    return { documents: this.feeds.size, listeners: this.listenerCount };
  }

  /**
   * The access epoch of `docPath` while this node follows its changes: read it before checking a reader's access,
   * and pass it to listen(). Undefined when the node does not follow the document (nothing cached about its
   * readers can be trusted then).
   */
  accessEpoch(docPath: string): number | undefined {
    const feed = this.feeds.get(docPath);
    return feed?.ready === true ? feed.accessEpoch : undefined;
  }

  /**
   * Registers `sink` for the node at `segments` (inside a document) and, synchronously at registration, calls
   * `deliverInitial` with the value event of the current value and the new listener, so nothing can come between
   * it and the following changes. `checkedAt`: the accessEpoch read before the caller checked its access; if the
   * access may have changed since, the sink is asked to revalidate the new listener right after. Resolves with the
   * listener, or null when the sink closed meanwhile (nothing registered).
   */
  async listen(
    sink: ListenerSink,
    segments: readonly string[],
    deliverInitial: (text: string, revision: number, listener: Listener) => void,
    checkedAt?: number,
  ): Promise<Listener | null> {
    const docPath = joinPath(segments.slice(0, DOCUMENT_DEPTH));
    const feed = this.feedFor(docPath);
    feed.pins++;
    try {
      await feed.loaded;
    } finally {
      feed.pins--;
    }
    if (sink.closed) {
      this.release(feed);
      return null;
    }
    const path = joinPath(segments);
    const relative = segments.slice(DOCUMENT_DEPTH);
    const key = joinPath(relative);
    let group = feed.groups.get(key);
    if (group === undefined) {
      group = { segments: relative, listeners: new Set() };
      feed.groups.set(key, group);
    }
    const listener: Listener = { sink, docPath, path, lastRev: feed.revision, held: false };
    group.listeners.add(listener);
    feed.listenerCount++;
    this.listenerCount++;
    deliverInitial(
      valueEventText(path, getAtPath(feed.value, relative), feed.revision),
      feed.revision,
      listener,
    );
    if (feed.accessEpoch !== (checkedAt ?? 0) && sink.revalidate(listener)) listener.held = true;
    return listener;
  }

  /** Ends the hold of a revalidated listener: it gets the current value if it changed meanwhile, then changes. */
  resume(listener: Listener): void {
    listener.held = false;
    this.resync(listener);
  }

  /** The current value event of a registered listener (a repeated listen), and marks it sent. */
  current(listener: Listener): string | null {
    const feed = this.feeds.get(listener.docPath);
    if (feed === undefined) return null;
    listener.lastRev = Math.max(listener.lastRev, feed.revision);
    const relative = parsePath(listener.path).slice(DOCUMENT_DEPTH);
    return valueEventText(listener.path, getAtPath(feed.value, relative), feed.revision);
  }

  /** Sends the current value to a listener whose events were held back, if it changed since its last one. */
  resync(listener: Listener): void {
    const feed = this.feeds.get(listener.docPath);
    if (feed === undefined || feed.revision <= listener.lastRev || !listener.sink.receiving || listener.held)
      return;
    const text = this.current(listener);
    if (text !== null) listener.sink.send(text);
  }

  unlisten(listener: Listener): void {
    const feed = this.feeds.get(listener.docPath);
    if (feed === undefined) return;
    const key = joinPath(parsePath(listener.path).slice(DOCUMENT_DEPTH));
    const group = feed.groups.get(key);
    if (group === undefined || !group.listeners.delete(listener)) return;
    if (group.listeners.size === 0) feed.groups.delete(key);
    feed.listenerCount--;
    this.listenerCount--;
    this.release(feed);
  }

  /**
   * Reads every held document again (CATCH_UP_CONCURRENCY at a time) and delivers those whose stored revision is
   * newer than the one held, as a change of the whole document. Resolves with the number of documents read.
   */
  async catchUp(): Promise<number> {
    const feeds = [...this.feeds.values()];
    let next = 0;
    let read = 0;
    const worker = async () => {
      while (next < feeds.length) {
        const feed = feeds[next++]!;
        // A feed still loading reads after its subscription; read again anyway, its read may predate it.
        const loaded = await feed.loaded.then(
          () => true,
          () => false,
        );
        if (!loaded || this.feeds.get(feed.docPath) !== feed) continue;
        try {
          const snapshot = await this.documents.get(feed.docPath);
          read++;
          if (this.feeds.get(feed.docPath) !== feed) continue;
          this.onChange(
            feed,
            {
              docPath: feed.docPath,
              revision: snapshot.revision,
              changedPaths: [feed.docPath],
              value: snapshot.value,
              updatedAt: 0,
            },
            true,
          );
        } catch (error) {
          this.onError(error, `catch-up of ${feed.docPath}`);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(CATCH_UP_CONCURRENCY, feeds.length) }, worker));
    return read;
  }

  private feedFor(docPath: string): Feed {
    const existing = this.feeds.get(docPath);
    if (existing !== undefined) return existing;
    const feed: Feed = {
      docPath,
      value: null,
      revision: 0,
      loaded: Promise.resolve(),
      ready: false,
      latest: null,
      groups: new Map(),
      listenerCount: 0,
      pins: 0,
      accessEpoch: 0,
      unsubscribe: () => {},
      lastChanged: null,
    };
    this.feeds.set(docPath, feed);
    // Subscribe first (and wait until changes of other nodes arrive), then read: a change committed meanwhile is
    // either in the read or in `latest`.
    feed.unsubscribe = this.documents.watch(docPath, (event) => this.onChange(feed, event));
    feed.loaded = this.documents
      .watching(docPath)
      .then(() => this.documents.get(docPath))
      .then(
        (snapshot) => {
          const latest = feed.latest;
          if (latest !== null && latest.revision > snapshot.revision) {
            feed.value = latest.value;
            feed.revision = latest.revision;
          } else {
            feed.value = snapshot.value;
            feed.revision = snapshot.revision;
          }
          feed.latest = null;
          feed.ready = true;
        },
        (error: unknown) => {
          // Forget the feed so that the next listen reads again; the waiting listens fail.
          if (this.feeds.get(docPath) === feed) this.feeds.delete(docPath);
          feed.unsubscribe();
          throw error;
        },
      );
    return feed;
  }

  private release(feed: Feed): void {
    if (feed.listenerCount > 0 || feed.pins > 0) return;
    if (this.feeds.get(feed.docPath) === feed) this.feeds.delete(feed.docPath);
    feed.unsubscribe();
  }

  /** `compareValues`: the event was read, not published, so unchanged parts are equal but not shared. */
  private onChange(feed: Feed, event: ChangeEvent, compareValues = false): void {
    const changed = changedRelative(feed, event.changedPaths);
    if (!feed.ready) {
      if (this.touchesAccess(changed)) this.accessChanged(feed);
      if (feed.latest === null || event.revision > feed.latest.revision) feed.latest = event;
      return;
    }
    if (event.revision <= feed.revision) return;
    // changedPaths name what changed since the revision just before. Across nodes a later change can arrive first
    // (this node's own write overtakes another node's through Redis; the earlier one is then dropped as old): the
    // revisions between are unknown, so every group is compared by value, as in a catch-up.
    const gap = compareValues || event.revision !== feed.revision + 1;
    const previous = feed.value;
    feed.value = event.value;
    feed.revision = event.revision;
    if (gap ? this.accessDiffers(previous, event.value) : this.touchesAccess(changed)) {
      this.accessChanged(feed);
      for (const group of feed.groups.values()) {
        for (const listener of group.listeners) {
          if (!listener.held && listener.sink.revalidate(listener)) listener.held = true;
        }
      }
    }
    if (feed.groups.size === 0) return;
    for (const group of feed.groups.values()) {
      if (
        !gap &&
        !changed.some((path) => isPathPrefix(path, group.segments) || isPathPrefix(group.segments, path))
      ) {
        continue;
      }
      const node = getAtPath(event.value, group.segments);
      // Unchanged parts of a document are shared between revisions (in process), and every listener that is up to
      // date was last sent the previous value: nothing to tell.
      const before = getAtPath(previous, group.segments);
      if (node === before || (gap && sameValue(node, before))) continue;
      let text: string | null = null;
      // Encoded once for the whole group, not once per socket.
      let encoded: Buffer | null = null;
      const shared = group.listeners.size > 1;
      for (const listener of group.listeners) {
        if (listener.lastRev >= event.revision || !listener.sink.receiving || listener.held) continue;
        try {
          text ??= valueEventText(listener.path, node, event.revision);
          listener.lastRev = event.revision;
          const { sink } = listener;
          if (shared && sink.sendEncoded !== undefined) sink.sendEncoded((encoded ??= Buffer.from(text)));
          else sink.send(text);
        } catch (error) {
          this.onError(error, `fan-out of ${feed.docPath}`);
        }
      }
    }
  }

  /** Whether changes at `changed` (relative paths) reach an access branch: the whole document does. */
  private touchesAccess(changed: readonly string[][]): boolean {
    if (this.accessBranches.length === 0) return false;
    return changed.some((path) => path.length === 0 || this.accessBranches.includes(path[0] as string));
  }

  /** Whether the document came or went, or an access branch differs, between two states (revisions between unknown). */
  private accessDiffers(before: RealtimeValue, after: RealtimeValue): boolean {
    if (this.accessBranches.length === 0) return false;
    if ((before === null) !== (after === null)) return true;
    return this.accessBranches.some(
      (branch) => !sameValue(getAtPath(before, [branch]), getAtPath(after, [branch])),
    );
  }

  private accessChanged(feed: Feed): void {
    feed.accessEpoch++;
    try {
      this.onAccessChange(feed.docPath);
    } catch (error) {
      this.onError(error, `access change of ${feed.docPath}`);
    }
  }
}
