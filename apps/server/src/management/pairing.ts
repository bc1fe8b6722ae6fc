// POST /api/v1/screens/pair (DESIGN.md §3 "Pairing"): the operator types the code a player shows; the server makes
// a screen in the operator's organisation and links the player to it, then, in ONE update of the player's realtime
// document, removes pairing/code, writes app/url (the content player) and app/data (the screen's manifest) and
// raises action_flags/reset_credentials, so the player rotates to credentials that carry org_id and screen_id.

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DEFAULT_PLAYER_NAME,
  PAIRING_CODE_LENGTH,
  ScreenNameSchema,
  getAtPath,
  isPairingCode,
  isValidScreenName,
  normalizePairingCode,
} from '@marquee/protocol';
import { badRequest, notFound } from '../http/errors';
import { newId } from '../ids';
import { contentPlayerUrl } from '../hosting/runtimeConfig';
import { OPERATOR_SECURITY } from '../observability/openapi';
import { playerDocPath } from '../players/playerService';
import { operatorOf } from './authenticate';
import { emptyContent, manifestOf } from './content';
import { parseScreenSettings } from './screenRecords';
import { ScreenViewSchema, screenView } from './screenStatus';

/** Room for spaces and dashes an operator may type between the characters. */
const CODE_INPUT_MAX_LENGTH = 32;

export const PairRequestSchema = z.strictObject({
  code: z.string().max(CODE_INPUT_MAX_LENGTH),
  name: z.optional(ScreenNameSchema),
});

export const pairingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, documents, clock, config } = app.services;

  app.post(
    '/screens/pair',
    {
      schema: {
        summary: 'Pair the player showing `code` with a new screen of your organisation',
        tags: ['screens'],
        security: OPERATOR_SECURITY,
        body: PairRequestSchema,
        response: { 201: ScreenViewSchema },
      },
    },
    async (request, reply) => {
      const { orgId } = operatorOf(request);
      const code = normalizePairingCode(request.body.code);
      if (!isPairingCode(code)) {
        throw badRequest(
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

      const docPath = playerDocPath(player.id);
      const liveSettings = getAtPath((await documents.get(docPath)).value, ['settings']);
      const settings = typeof liveSettings === 'object' && liveSettings !== null ? liveSettings : {};
      const liveName = (settings as Record<string, unknown>).name;
      const name =
        request.body.name ??
        (isValidScreenName(liveName) && liveName !== '' ? liveName : DEFAULT_PLAYER_NAME);
      const now = clock();
      const screenId = newId(now);
      const content = emptyContent();

      const claimed = await db.transaction().execute(async (trx) => {
        // Conditional on the code: of two operators typing one code at once, one gets the screen.
        const result = await trx
          .updateTable('players')
          .set({ pairing_code: null, screen_id: screenId, org_id: orgId, updated_at: now })
          .where('id', '=', player.id)
          .where('pairing_code', '=', code)
          .where('screen_id', 'is', null)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) return false;
        await trx
          .insertInto('screens')
          .values({
            id: screenId,
            org_id: orgId,
            name,
            content: JSON.stringify(content),
            settings: JSON.stringify(parseScreenSettings(JSON.stringify(settings))),
            player_id: player.id,
            content_version: content.version,
            created_at: now,
            updated_at: now,
          })
          .execute();
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
        return true;
      });
      if (!claimed) throw waiting();

      try {
        await documents.update(docPath, {
          'pairing/code': null,
          'app/url': contentPlayerUrl(config),
          'app/data': manifestOf(content),
          'action_flags/reset_credentials': true,
          ...(request.body.name === undefined ? {} : { 'settings/name': name }),
        });
      } catch (error) {
        // The document refused the write: undo the pairing so the player keeps showing its code.
        await db.transaction().execute(async (trx) => {
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

      const screen = await db
        .selectFrom('screens')
        .selectAll()
        .where('id', '=', screenId)
        .executeTakeFirstOrThrow();
      return reply.status(201).send(await screenView(app.services, screen));
    },
  );
};
