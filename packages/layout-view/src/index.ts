// What the content player and the studio's preview both draw of a layout (docs/layouts.md §Playback).
export { placeZones, type PlacedZone, type ZoneBox } from './zoneGeometry';
export { fitFontSize } from './fitText';
export { clockText, nextTickMs, type ClockOptions, type ClockText } from './clockText';
export { tickerPlan, type TickerDirection, type TickerPlan } from './tickerPlan';
export { qrModules, type QrModules } from './qrModules';
export { useClock } from './useClock';
export { useFittedFont } from './useFittedFont';
export { useTicker, type Ticker } from './useTicker';
export { FittedText, type FittedTextProps } from './FittedText';
export { ClockApp, ClockFace, type ClockAppProps, type ClockFaceProps } from './ClockApp';
export { TextApp, type TextAppProps } from './TextApp';
export { TickerApp, type TickerAppProps } from './TickerApp';
export { QrApp, type QrAppProps } from './QrApp';
export { BuiltInApp, type BuiltInAppProps } from './BuiltInApp';
export { useCarousel } from './useCarousel';
export { FEED_DEFAULTS, type FeedDisplay, type FeedViewOptions } from './feedStyle';
export { FeedView, type FeedViewProps } from './FeedView';
export {
  appContextOf,
  orientationOf,
  readAppConfig,
  type AppContext,
  type AppOrientation,
} from './appContext';
export { appFrameAccess, type AppFrameAccess } from './appFrameAccess';
export { openAppSession, type AppSession, type AppSessionOptions } from './appSession';
export {
  useAppFrame,
  type AppFrame as AppFrameHandle,
  type AppFrameOptions,
  type AppScreenFacts,
} from './useAppFrame';
export { AppFrame, type AppFrameProps } from './AppFrame';
