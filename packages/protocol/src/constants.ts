// Every business constant of docs/player.md §Constants and limits (and the few other numbers and fixed names of
// the docs), in one place. Apps import these; they never restate a number the docs give.

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

export const PRODUCT_NAME = 'Marquee';
/** Default screen name: the product's name followed by 'Player'. */
export const DEFAULT_PLAYER_NAME = `${PRODUCT_NAME} Player`;

export const ENVIRONMENT = 'production';
export const APP_VERSION = '1.0.0';

export const HEARTBEAT_INTERVAL_MS = 1 * MINUTE;
export const DEVICE_INFO_LOG_INTERVAL_MS = 12 * HOUR;

export const SIDEBAR_AUTO_HIDE_MS = 7 * SECOND;
export const HAMBURGER_AUTO_HIDE_MS = 7 * SECOND;

export const DEBUG_ACTIVATION_TAPS = 7;
export const DEBUG_ACTIVATION_WINDOW_MS = 3 * SECOND;

export const SCREEN_NAME_MAX_LENGTH = 120;
export const SCREEN_NAME_LOCAL_SAVE_DELAY_MS = 2 * SECOND;
export const SCREEN_NAME_SYNC_DEBOUNCE_MS = 2 * SECOND;

export const RESIZE_THROTTLE_MS = 100;

export const FRAMED_ENVIRONMENT_WAIT_MS = 15 * SECOND;
export const FRAMED_ENVIRONMENT_POLL_MS = 100;

export const COPIED_LABEL_MS = 2 * SECOND;

export const TOAST_POSITION = 'top-right';
export const TOAST_AUTO_CLOSE_MS = 5000;
/** react-toastify's draggablePercent: the toast is dismissed once dragged over 80% of its width. */
export const TOAST_DRAG_PERCENT = 80;

export const MEET_TOAST_POSITION = 'top-center';
export const MEET_TOAST_POSITION_BOTTOM = 'bottom-center';
/** Meeting-variant platforms whose toasts sit at the bottom centre. */
export const MEET_BOTTOM_TOAST_PLATFORMS = ['zoom', 'mtr'] as const;
export const BROWSER_CHECK_DELAY_MS = 2 * SECOND;
export const BROWSER_RECOMMENDATION_TOAST_MS = 3 * SECOND;
export const BROWSER_UPGRADE_TOAST_MS = 30 * SECOND;
export const MINIMUM_CHROME_VERSION = 86;

export const STORAGE_CLEARED_CALLBACK_DELAY_MS = 2000;
export const IDENTITY_WAIT_MS = 4500;
export const REACHABILITY_TIMEOUT_MS = 5 * SECOND;
/** A reachability answer with a status in this inclusive range counts as online. */
export const REACHABILITY_ONLINE_STATUS_MIN = 200;
export const REACHABILITY_ONLINE_STATUS_MAX = 399;

export const TRANSACTION_MAX_RETRIES = 25;

/** "About 10 MB": strings longer than this many UTF-8 bytes are rejected by the realtime database. */
export const MAX_STRING_BYTES = 10 * 1024 * 1024;

export const STATS_FIRST_REPORT_MIN_MS = 10 * SECOND;
export const STATS_FIRST_REPORT_MAX_MS = 30 * SECOND;
export const STATS_REPORT_MAX_INTERVAL_MS = 10 * MINUTE;
/** Each interval between two stats reports is this many times the one before, up to the maximum. */
export const STATS_REPORT_INTERVAL_GROWTH = 2;

export const BRIDGE_CALL_TIMEOUT_MS = 5 * SECOND;
export const BRIDGE_PING_INTERVAL_MS = 100;
export const BRIDGE_CONNECT_TIMEOUT_MS = 10 * SECOND;

export const LOG_LEVELS = { error: 0, warn: 2, info: 3, debug: 4, log: 5 } as const;
export type LogLevelName = keyof typeof LOG_LEVELS;

export const DUPLICATE_DISCONNECT_DELAY_MS = 15 * SECOND;

export const WEBSOCKET_RECONNECT_INTERVAL_MS = 5 * SECOND;
export const WEBSOCKET_MAX_RECONNECT_ATTEMPTS = 3;

export const SERVICE_WORKER_UPDATE_CHECK_INTERVAL_MS = 1 * HOUR;
export const SERVICE_WORKER_WAITING_NOTICE_DELAY_MS = 200;

export const DAILY_RESTART_BASE_TIME = '4:00am';
export const DAILY_RESTART_RANDOM_MINUTES = 60;

export const IDENTITY_REFRESH_BEFORE_EXPIRY_MS = 5 * MINUTE;
export const IDENTITY_REFRESH_BACKOFF_START_MS = 30 * SECOND;
export const IDENTITY_REFRESH_BACKOFF_MAX_MS = 16 * MINUTE;
export const IDENTITY_EXPIRY_MARGIN_MS = 30 * SECOND;
export const IDENTITY_NETWORK_TIMEOUT_MS = 30 * SECOND;
export const IDENTITY_NETWORK_TIMEOUT_MOBILE_MS = 60 * SECOND;

export const DEFAULT_PASSWORD_MIN_LENGTH = 6;

export const QUERY_PARAMETER_LIMIT = 1000;
export const QUERY_ARRAY_LIMIT = 20;
export const QUERY_DEPTH_LIMIT = 5;

/** Number of organisations exempt from the duplicate-screen and duplicate-tab checks. */
export const EXEMPT_ORG_COUNT = 3;

// Names fixed by the docs (docs/player.md §Device record, docs/meeting-room.md §Overview).
export const CONTENT_PLAYER_NAME = 'studio-player';
export const MEET_PLATFORM = 'meet';
export const MEET_MODEL = 'Google Meet Hardware Player';
export const MEET_DEFAULT_MAKE = 'Unknown';
export const MEET_VERSION = '1.0.0';
export const MEET_ERROR_SERVICE_NAME = 'meet-player';
export const MAIN_FRAME_ELEMENT_ID = 'sc-player-frame';
export const SERVICE_WORKER_SCRIPT = 'service-worker.js';
/**
 * What a page sends its service worker when it is not under its control, though the worker is active. A worker
 * claims the pages it finds when it activates; a page that was still loading then (a player reloading after pairing),
 * or that loaded while its registration was being removed, stays uncontrolled, and a restart without network would
 * find nothing kept for it. Both the player's and the content app's workers answer it with clients.claim().
 */
export const SERVICE_WORKER_CLAIM_REQUEST = 'marquee-claim';

/** Local storage keys of docs/player.md §Local storage, exactly. */
export const STORAGE_KEYS = {
  auth: 'auth',
  settings: 'settings',
  deviceId: 'deviceId',
  logging: 'logging',
  debugMode: '__sc_player_debug_mode',
  noHardwareId: '__sc_player_no_hardware_id',
  playerUrl: '__sc_player_url',
} as const;

/** Pairing codes: 6 characters from an alphabet without the look-alikes 0/O and 1/I. */
export const PAIRING_CODE_LENGTH = 6;
export const PAIRING_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A hostname containing this marker runs the canary update channel (docs/player.md §Settings). */
export const CANARY_HOSTNAME_MARKER = '.canary.';

/** Realtime database: deepest path (key count from the root) a value may reach, as Firebase's 32 levels. */
export const REALTIME_MAX_DEPTH = 32;
/** Realtime database: longest key in UTF-8 bytes, as Firebase's 768. */
export const REALTIME_MAX_KEY_BYTES = 768;
