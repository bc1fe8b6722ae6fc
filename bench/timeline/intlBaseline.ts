// The baseline measured beside the engine in the same run: what reading every window boundary of the week from
// Intl once would cost. A schedule engine without a zone cache needs at least one Intl.DateTimeFormat call per
// boundary (its local time → offset), and usually two or more (a guess, then a check near clock changes); this is
// the cheapest of those, with the formatters already built. Below 1× means the engine resolves the whole timeline
// in less time than a naive one would spend in Intl alone.

import { occurrences, type TimelineRules } from '@marquee/timeline';

export interface IntlBaseline {
  /** Window boundaries (starts and ends of every occurrence overlapping the range). */
  boundaries: number;
  /** Reads them all once; returns a checksum so the work cannot be optimised away. */
  run(): number;
}

export function intlBaseline(rules: TimelineRules, from: number, to: number): IntlBaseline {
  const formatters = new Map<string, Intl.DateTimeFormat>();
  const calls: [Intl.DateTimeFormat, number][] = [];
  for (const rule of rules.schedules) {
    const zone = rule.timezone ?? rules.timezone;
    let formatter = formatters.get(zone);
    if (formatter === undefined) {
      formatter = new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      });
      formatters.set(zone, formatter);
    }
    for (const window of occurrences(rule, rules.timezone, from, to)) {
      calls.push([formatter, window.start], [formatter, window.end]);
    }
  }
  return {
    boundaries: calls.length,
    run() {
      let checksum = 0;
      for (const [formatter, instant] of calls) checksum += formatter.formatToParts(instant).length;
      return checksum;
    },
  };
}
