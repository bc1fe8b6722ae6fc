// player-core schedules through protocol's injectable timers and clock (one module for every package).
export { defaultTimers, systemClock, type Clock, type TimerHandle, type Timers } from '@marquee/protocol';
