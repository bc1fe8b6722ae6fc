// The public surface of @marquee/timeline, the schedule engine (docs/schedules.md §Time rules). Pure code: it runs
// on the server and in the player, and imports @marquee/protocol only.
export * from './equalPriorityOverlaps';
export {
  isLocalDate,
  isLocalTime,
  parseLocalDate,
  parseLocalTime,
  weekdayOf,
  type LocalTimeRole,
} from './localDateTime';
export * from './nextChange';
export { occurrences, type Occurrence } from './occurrences';
export * from './playerTimeline';
export * from './resolveTimeline';
export * from './ruleSchemas';
export * from './rules';
export * from './segmentAt';
export { isValidTimeZone } from '@marquee/protocol';
