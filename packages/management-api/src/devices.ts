// Devices an organisation has seen: blocking one, and the meeting-room variant's operator-written nodes (the token
// its frame source is derived from, and the overridden player it follows).

import { z } from 'zod';
import { TOKEN_MAX_LENGTH } from '@marquee/protocol';

export const BlockAnswerSchema = z.object({ playerId: z.string(), blocked: z.boolean() });

export const AppTokenRequestSchema = z.object({ token: z.string().min(1).max(TOKEN_MAX_LENGTH).nullable() });
export const AppTokenAnswerSchema = z.object({ playerId: z.string(), token: z.string().nullable() });

/** The value is checked against protocol's OverriddenPlayerSchema by the server, which names it when it fails. */
export const OverriddenPlayerRequestSchema = z.object({ value: z.unknown() });
export const OverriddenPlayerAnswerSchema = z.object({ playerId: z.string(), value: z.unknown() });
