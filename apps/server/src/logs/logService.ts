// Log and error ingest (docs/player.md §Logging and monitoring): the device record (on load and every 12 hours),
// batches of log lines, error reports and screenshots of a player. Per player only the newest DEFAULT_RETENTION
// rows are kept (retention.ts), trimmed in the transaction of the insert that went over. The studio reads them
// back through diagnosticsService.ts.

import type { Kysely } from 'kysely';
import type { DeviceRecord } from '@marquee/protocol';
import type { Database, Player } from '../db/schema';
import { invalid } from '../domain/errors';
import { newId } from '../ids';
import { sniffMediaType } from '../media/sniff';
import type { ErrorReport, LogBatch } from './logSchemas';
import { DEFAULT_RETENTION, RETAINED, keepNewest } from './retention';

/** What the data column keeps besides the message: the sender's payload and clock, when given. */
function storedData(fields: Record<string, unknown>): string | null {
  const kept = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
  return Object.keys(kept).length === 0 ? null : JSON.stringify(kept);
}

export interface StoredScreenshot {
  id: string;
  takenAt: number;
  contentType: string;
  size: number;
}

export class LogService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: () => number,
  ) {}

  /** Keeps the player's device record (the studio shows the last one); answers when it was received. */
  async storeDeviceRecord(player: Player, record: DeviceRecord): Promise<number> {
    const now = this.clock();
    await this.db
      .updateTable('players')
      .set({ last_device_record: JSON.stringify(record), version: record.version, updated_at: now })
      .where('id', '=', player.id)
      .execute();
    return now;
  }

  /** Stores a batch of lines, each with the batch's service; answers when they were received. */
  async storeLines(player: Player, { service, lines }: LogBatch): Promise<number> {
    const now = this.clock();
    // Ids ascend in the batch's order, so that lines of one millisecond keep their order (retention.ts).
    const ids = lines.map(() => newId(now)).sort();
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('logs')
        .values(
          lines.map((line, index) => ({
            id: ids[index] as string,
            player_id: player.id,
            org_id: player.org_id,
            service: service ?? null,
            level: line.level,
            message: line.message,
            data: storedData({ data: line.data, time: line.time }),
            created_at: now,
          })),
        )
        .execute();
      await keepNewest(trx, RETAINED.logs, player.id, DEFAULT_RETENTION.logLines);
    });
    return now;
  }

  async storeError(player: Player, report: ErrorReport): Promise<{ id: string; receivedAt: number }> {
    const now = this.clock();
    const id = newId(now);
    const { message, service, stack, data, time } = report;
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('error_reports')
        .values({
          id,
          player_id: player.id,
          org_id: player.org_id,
          service: service ?? null,
          message,
          data: storedData({ stack, data, time }),
          created_at: now,
        })
        .execute();
      await keepNewest(trx, RETAINED.errorReports, player.id, DEFAULT_RETENTION.errorReports);
    });
    return { id, receivedAt: now };
  }

  /** Stores a screenshot whose bytes are the image type they are declared as (400 INVALID_IMAGE otherwise). */
  async storeScreenshot(player: Player, declaredType: string, image: Buffer): Promise<StoredScreenshot> {
    const actual = sniffMediaType(image);
    if (actual === null || actual !== declaredType) {
      throw invalid(
        'INVALID_IMAGE',
        actual === null
          ? `The body is not a ${declaredType} image`
          : `The body is ${actual}, not ${declaredType} as its Content-Type says`,
        'body',
      );
    }
    const now = this.clock();
    const id = newId(now);
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('screenshots')
        .values({
          id,
          player_id: player.id,
          screen_id: player.screen_id,
          org_id: player.org_id,
          content_type: actual,
          data: image,
          taken_at: now,
        })
        .execute();
      await keepNewest(trx, RETAINED.screenshots, player.id, DEFAULT_RETENTION.screenshots);
    });
    return { id, takenAt: now, contentType: actual, size: image.length };
  }
}
