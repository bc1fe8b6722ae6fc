// The auth object (docs/protocols/player-api.md §Credentials): answered by registration and credential rotation,
// kept in local storage under 'auth' and passed to the parent frame.

import * as z from 'zod/mini';
import { TOKEN_MAX_LENGTH, nonEmptyString } from './schemaText';

export const AuthObjectSchema = z.object({
  /** Signed JWT sent as Authorization on every player API call. */
  apiToken: nonEmptyString(TOKEN_MAX_LENGTH),
  /** Custom token exchanged at the identity service for an ID token. */
  firebaseTokenV2: nonEmptyString(TOKEN_MAX_LENGTH),
  /** Only good for DELETE /_internal/players/{id}/credentials. */
  secret: nonEmptyString(TOKEN_MAX_LENGTH),
});
export type AuthObject = z.infer<typeof AuthObjectSchema>;
