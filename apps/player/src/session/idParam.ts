// The id query parameter (docs/player.md §Validation), by protocol's rule. Loaded on demand by the start-up: the
// query parser (qs) is the largest piece of protocol, and a player reads its URL once.

export { readIdQueryParam } from '@marquee/protocol';
