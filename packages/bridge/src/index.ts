export {
  createBridge,
  DEFAULT_MAX_MESSAGE_LENGTH,
  type Bridge,
  type BridgeMessageEvent,
  type BridgeOptions,
  type BridgePeer,
  type BridgeSelf,
  type BridgeTarget,
} from './bridge';
export type { EventHandler } from './eventHandlers';
export type { ExposedApi } from './exposedApi';
export { encodeMessage, parseMessage, type BridgeMessage, type CallId, type ConnectionTag } from './messages';
export { defaultTimers, type TimerHandle, type Timers } from '@marquee/protocol';
