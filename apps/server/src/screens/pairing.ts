// Pairing (docs/management-api.md §Pairing): the operator types the code a player shows; the player is linked to a
// new screen of the operator's organisation (conditionally on the code, so of two operators typing one code at once
// one gets it), and then, in ONE update of the player's realtime document, pairing/code is removed, app/url (the
// content player) and app/data (the screen's manifest) are written and action_flags/reset_credentials is raised,
// so the player rotates to credentials that carry org_id and screen_id. When the document refuses that update, the
// pairing is undone and the player keeps showing its code.

import type { Kysely } from 'kysely';
import type { PairRequest } from '@marquee/management-api';
import {
  DEFAULT_PLAYER_NAME,
  PAIRING_CODE_LENGTH,
  isPairingCode,
  isValidScreenName,
  normalizePairingCode,
  playerDocumentPath,
} from '@marquee/protocol';
import type { Database, Screen } from '../db/schema';
import { invalid, notFound } from '../domain/errors';
import { newId } from '../ids';
import { recordChange, type Changer } from '../audit/auditRecord';
import type { DocumentStore } from '../realtime/documentStore';
import { emptyContent, manifestOf } from './content';
import { screenSettingsOf } from './screenSettings';
import { documentBranch } from './screenViews';

export interface PairingDeps {
  db: Kysely<Database>;
  documents: DocumentStore;
  clock: () => number;
  /** What app/url holds for a paired screen. */
  contentPlayerUrl: string;
}

/** Pairs the player showing `request.code` with a new screen of the changer's organisation; answers the screen. */
export async function pairScreen(deps: PairingDeps, by: Changer, request: PairRequest): Promise<Screen> {
  const { db, documents, clock } = deps;
  const { orgId } = by;
  const code = normalizePairingCode(request.code);
  if (!isPairingCode(code)) {
    throw invalid(
      'INVALID_PAIRING_CODE',
      `A pairing code is ${PAIRING_CODE_LENGTH} letters and digits, as the screen shows it`,
      'code',
    );
  }
  const waiting = () => notFound('SCREEN_NOT_WAITING', `No screen is waiting with code ${code}`);
  const player = await db
    .selectFrom('players')
    .select(['id'])
    .where('pairing_code', '=', code)
    .where('screen_id', 'is', null)
    .where('blocked', '=', 0)
    .executeTakeFirst();
  if (player === undefined) throw waiting();

  const docPath = playerDocumentPath(player.id);
  const live = documentBranch((await documents.get(docPath)).value, 'settings');
  const liveName = live?.name;
  const name =
    request.name ??
    (liveName !== undefined && isValidScreenName(liveName) && liveName !== ''
      ? liveName
      : DEFAULT_PLAYER_NAME);
  const now = clock();
  const screenId = newId(now);
  const content = emptyContent();
  const screen: Screen = {
    id: screenId,
    org_id: orgId,
    name,
    content: JSON.stringify(content),
    settings: JSON.stringify(screenSettingsOf(live ?? {})),
    player_id: player.id,
    content_version: content.version,
    timezone: null,
    default_playlist_id: null,
    default_layout_id: null,
    content_version_at: now,
    timeline_hash: null,
    timeline_until: null,
    created_at: now,
    updated_at: now,
  };

  let entryId = '';
  const claimed = await db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('players')
      .set({ pairing_code: null, screen_id: screenId, org_id: orgId, updated_at: now })
      .where('id', '=', player.id)
      .where('pairing_code', '=', code)
      .where('screen_id', 'is', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await trx.insertInto('screens').values(screen).execute();
    await trx
      .insertInto('commands')
      .values({
        id: newId(now),
        player_id: player.id,
        screen_id: screenId,
        org_id: orgId,
        name: 'reset_credentials',
        param: null,
        raised_at: now,
        acknowledged_at: null,
      })
      .execute();
    entryId = await recordChange(
      trx,
      by,
      {
        action: 'screen.pair',
        target: { type: 'screen', id: screenId },
        after: { name, playerId: player.id },
      },
      now,
    );
    return true;
  });
  if (!claimed) throw waiting();

  try {
    await documents.update(docPath, {
      'pairing/code': null,
      'app/url': deps.contentPlayerUrl,
      'app/data': manifestOf(content),
      'action_flags/reset_credentials': true,
      ...(request.name === undefined ? {} : { 'settings/name': name }),
    });
  } catch (error) {
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('audit_log').where('id', '=', entryId).execute();
      await trx.deleteFrom('commands').where('screen_id', '=', screenId).execute();
      await trx.deleteFrom('screens').where('id', '=', screenId).execute();
      await trx
        .updateTable('players')
        .set({ pairing_code: code, screen_id: null, org_id: null })
        .where('id', '=', player.id)
        .execute();
    });
    throw error;
  }
  return screen;
}
