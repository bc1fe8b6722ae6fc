// The device (player) record of docs/player.md §Device record, sent for logging and status, and the meeting
// variant's device entry. What a plain browser cannot know (hardware, native platform) is optional or null.

import * as z from 'zod/mini';
import { CONTENT_PLAYER_NAME, MEET_DEFAULT_MAKE } from './constants';
import {
  ID_MAX_LENGTH,
  LABEL_MAX_LENGTH,
  TimestampMsSchema,
  URL_MAX_LENGTH,
  USER_AGENT_MAX_LENGTH,
  boundedString,
  nonEmptyString,
} from './schemaText';
import { SettingsPatchSchema } from './settings';
import { UPDATE_CHANNELS } from './updateChannel';
import { utf8ByteLength } from './utf8';

export { CAPABILITY_NAMES, isCapabilityName, type CapabilityName } from './capabilities';

/** Largest custom_data, as JSON in UTF-8 bytes. */
export const CUSTOM_DATA_MAX_BYTES = 16 * 1024;
/** Most temperature sensors reported. */
export const TEMPERATURES_MAX_ENTRIES = 64;

const optionalLabel = z.optional(z.nullable(boundedString(LABEL_MAX_LENGTH)));
const optionalId = z.optional(z.nullable(nonEmptyString(ID_MAX_LENGTH)));
// A null size reads back absent from the realtime database (it keeps no nulls): missing is null.
const sizeField = z._default(z.nullable(z.number().check(z.nonnegative())), null);
const sizeSchema = z.optional(z.nullable(z.object({ available: sizeField, total: sizeField })));

export const CapabilitiesSchema = z.object({
  get_device_info: z.literal(true),
  overridden_player: z.literal(true),
  mute: z.optional(z.boolean()),
  fullscreen: z.optional(z.boolean()),
  reload: z.optional(z.boolean()),
  reboot: z.optional(z.boolean()),
  clear_cache: z.optional(z.boolean()),
  unique_link: z.optional(z.boolean()),
  daily_restart: z.optional(z.boolean()),
  media_cache: z.optional(z.boolean()),
  screenshot: z.optional(z.boolean()),
});
export type Capabilities = z.infer<typeof CapabilitiesSchema>;

function jsonBytes(value: unknown): number {
  try {
    return utf8ByteLength(JSON.stringify(value) ?? '');
  } catch {
    return Infinity; // cycles and bigints: not JSON
  }
}

export const CustomDataSchema = z
  .json()
  .check(
    z.refine(
      (value) => jsonBytes(value) <= CUSTOM_DATA_MAX_BYTES,
      `custom_data is over ${CUSTOM_DATA_MAX_BYTES} bytes`,
    ),
  );

export const WebPlayerSchema = z.object({
  client: z.object({
    name: nonEmptyString(LABEL_MAX_LENGTH),
    version: nonEmptyString(LABEL_MAX_LENGTH),
    update_channel: z.enum(UPDATE_CHANNELS),
  }),
  content_player: z.object({
    name: z.literal(CONTENT_PLAYER_NAME),
    device_id: nonEmptyString(ID_MAX_LENGTH),
    // Decoded from the API token: absent until the player is paired.
    org_id: optionalId,
    screen_id: optionalId,
    url: z.optional(z.nullable(z.string().check(z.maxLength(URL_MAX_LENGTH)))),
  }),
});
export type WebPlayer = z.infer<typeof WebPlayerSchema>;

export const NativePlayerSchema = z.object({
  settings: z.optional(SettingsPatchSchema),
  capabilities: CapabilitiesSchema,
  platform: optionalLabel,
  version: optionalLabel,
  user_agent: z.optional(z.nullable(boundedString(USER_AGENT_MAX_LENGTH))),
  screen_api_command: optionalLabel,
  datetime: z.optional(z.nullable(z.iso.datetime({ offset: true }))),
  timezone: optionalLabel,
  env: optionalLabel,
  custom_data: z.optional(z.nullable(CustomDataSchema)),
});
export type NativePlayer = z.infer<typeof NativePlayerSchema>;

export const DeviceHardwareSchema = z.object({
  display: z.optional(z.nullable(z.object({ scaleFactor: z.number().check(z.positive()) }))),
  hardware_id: optionalId,
  os: optionalLabel,
  memory: sizeSchema,
  storage: sizeSchema,
  temperatures: z.optional(
    z.nullable(
      z
        .record(boundedString(LABEL_MAX_LENGTH), z.number())
        .check(
          z.refine(
            (entries) => Object.keys(entries).length <= TEMPERATURES_MAX_ENTRIES,
            `at most ${TEMPERATURES_MAX_ENTRIES} temperatures`,
          ),
        ),
    ),
  ),
  ip: optionalLabel,
  ip_public: optionalLabel,
  hostname: optionalLabel,
});
export type DeviceHardware = z.infer<typeof DeviceHardwareSchema>;

export const DeviceRecordSchema = z.object({
  id: nonEmptyString(ID_MAX_LENGTH),
  platform: nonEmptyString(LABEL_MAX_LENGTH),
  model: boundedString(LABEL_MAX_LENGTH),
  version: nonEmptyString(LABEL_MAX_LENGTH),
  updated_at: TimestampMsSchema,
  web_player: z.optional(WebPlayerSchema),
  native_player: z.optional(z.nullable(NativePlayerSchema)),
  device: z.optional(z.nullable(DeviceHardwareSchema)),
});
export type DeviceRecord = z.infer<typeof DeviceRecordSchema>;

/** The meeting variant's device entry (docs/meeting-room.md §Overview). */
export const MeetDeviceSchema = z.object({
  id: nonEmptyString(ID_MAX_LENGTH),
  make: z._default(boundedString(LABEL_MAX_LENGTH), MEET_DEFAULT_MAKE),
  model: z._default(boundedString(LABEL_MAX_LENGTH), ''),
  platform: nonEmptyString(LABEL_MAX_LENGTH),
});
export type MeetDevice = z.infer<typeof MeetDeviceSchema>;
