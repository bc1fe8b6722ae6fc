// The id query parameter and the hardware id it makes, by protocol's rules. Loaded on demand: the query parser
// (qs) stays out of the first load, and a player reads its URL once.

export { meetHardwareId, readIdQueryParam } from '@marquee/protocol';
