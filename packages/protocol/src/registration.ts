// The registration request body of docs/protocols/player-api.md §Registration (POST /_internal/players): settings
// and the device {id, model, platform, device:{hardware_id}}. The answer is the auth object (authObject.ts).

import * as z from 'zod/mini';
import { ID_MAX_LENGTH, LABEL_MAX_LENGTH, boundedString, nonEmptyString } from './schemaText';
import { SettingsSchema } from './settings';

export const RegistrationRequestSchema = z.object({
  settings: z.prefault(SettingsSchema, {}),
  device: z.object({
    /** The deviceId kept in local storage. */
    id: nonEmptyString(ID_MAX_LENGTH),
    model: boundedString(LABEL_MAX_LENGTH),
    platform: nonEmptyString(LABEL_MAX_LENGTH),
    device: z.prefault(
      z.object({
        /** Null when the platform has none or the no-hardware-id flag is stored. */
        hardware_id: z.optional(z.nullable(nonEmptyString(ID_MAX_LENGTH))),
      }),
      {},
    ),
  }),
});
export type RegistrationRequest = z.infer<typeof RegistrationRequestSchema>;
