// Uploaded media on disk: MARQUEE_DATA_DIR/media/{sha256}, content-addressed, so the same bytes uploaded twice are
// kept once and a file is deleted when no media row names it any more. An upload streams to a temporary file while
// its hash and first bytes (for sniffing) are taken, and is renamed into place only once accepted.
//
// Scale-out: every node must see the same media folder (a shared volume), or uploads made on one node are missing
// on the others. Operations on one file are serialised within the process (lock); across nodes the shared folder's
// rename is atomic, and a file is only unlinked once no row names it.

import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { SNIFF_BYTES } from './sniff';

const MEDIA_FOLDER = 'media';
/** Largest upload by default; ServiceOptions.mediaMaxBytes changes it. */
export const DEFAULT_MEDIA_MAX_BYTES = 100 * 1024 * 1024;

/** The upload stream failed: the client sent a broken or truncated body (a 4xx, unlike a disk failure). */
export class UploadStreamError extends Error {
  constructor(override readonly cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = 'UploadStreamError';
  }
}

export interface ReceivedFile {
  tempPath: string;
  size: number;
  sha256: string;
  /** The first SNIFF_BYTES bytes (fewer for a smaller file). */
  head: Buffer;
}

export class MediaFiles {
  readonly dir: string;
  private readonly locks = new Map<string, Promise<unknown>>();

  constructor(
    private readonly dataDir: string,
    private readonly db: Kysely<Database>,
  ) {
    this.dir = path.join(dataDir, MEDIA_FOLDER);
    fs.mkdirSync(this.dir, { recursive: true });
  }

  /** Streams `source` to a temporary file; UploadStreamError when the source fails. */
  async receive(source: Readable): Promise<ReceivedFile> {
    const tempPath = path.join(this.dir, `.upload-${randomBytes(12).toString('hex')}`);
    const out = fs.createWriteStream(tempPath, { flags: 'wx' });
    let writeError: unknown = null;
    out.on('error', (error) => {
      writeError = error;
    });
    const hash = createHash('sha256');
    const headChunks: Buffer[] = [];
    let headLength = 0;
    let size = 0;
    try {
      try {
        for await (const chunk of source) {
          const bytes = chunk as Buffer;
          hash.update(bytes);
          size += bytes.length;
          if (headLength < SNIFF_BYTES) {
            headChunks.push(bytes.subarray(0, SNIFF_BYTES - headLength));
            headLength += Math.min(bytes.length, SNIFF_BYTES - headLength);
          }
          if (writeError !== null) throw writeError;
          if (!out.write(bytes)) await once(out, 'drain');
        }
      } catch (error) {
        if (error === writeError) throw error;
        throw new UploadStreamError(error);
      }
      out.end();
      await once(out, 'finish');
      if (writeError !== null) throw writeError;
    } catch (error) {
      out.destroy();
      await fs.promises.rm(tempPath, { force: true });
      throw error;
    }
    return { tempPath, size, sha256: hash.digest('hex'), head: Buffer.concat(headChunks) };
  }

  async discard(file: ReceivedFile): Promise<void> {
    await fs.promises.rm(file.tempPath, { force: true });
  }

  /** The storage_path (relative to the data folder) of a stored file. */
  storagePathOf(sha256: string): string {
    return `${MEDIA_FOLDER}/${sha256}`;
  }

  /** The absolute path of a storage_path, or null when it points outside the media folder. */
  absolute(storagePath: string): string | null {
    const resolved = path.resolve(this.dataDir, storagePath);
    return resolved.startsWith(this.dir + path.sep) ? resolved : null;
  }

  /**
   * Moves an accepted upload into place and runs `record` (which inserts or updates the row naming it) under the
   * file's lock, so a concurrent delete of the same bytes cannot unlink it in between.
   */
  async commit<T>(file: ReceivedFile, record: (storagePath: string) => Promise<T>): Promise<T> {
    const storagePath = this.storagePathOf(file.sha256);
    return this.withLock(file.sha256, async () => {
      await fs.promises.rename(file.tempPath, path.join(this.dir, file.sha256));
      return record(storagePath);
    });
  }

  /** Runs `forget` (which deletes or changes rows), then unlinks the file if no media row names it any more. */
  async release<T>(sha256: string, forget: () => Promise<T>): Promise<T> {
    return this.withLock(sha256, async () => {
      const result = await forget();
      const storagePath = this.storagePathOf(sha256);
      const used = await this.db
        .selectFrom('media')
        .select('id')
        .where('storage_path', '=', storagePath)
        .limit(1)
        .executeTakeFirst();
      if (used === undefined) await fs.promises.rm(path.join(this.dir, sha256), { force: true });
      return result;
    });
  }

  private async withLock<T>(key: string, run: () => Promise<T>): Promise<T> {
    const previous = this.locks.get(key) ?? Promise.resolve();
    const current = previous.then(run, run);
    const settled = current.then(
      () => undefined,
      () => undefined,
    );
    this.locks.set(key, settled);
    void settled.then(() => {
      if (this.locks.get(key) === settled) this.locks.delete(key);
    });
    return current;
  }
}
