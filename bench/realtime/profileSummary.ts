// Where a CPU profile's time went: self time per function (with its file and line) and per file, and inclusive time
// per function (its own and its callees'), the largest first, as shares of the samples. The driver puts this beside
// the figures so the report says what to optimise without opening the profile.

export interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
    children?: number[];
  }[];
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileEntry {
  name: string;
  ms: number;
  /** Share of the profile's time, 0–1. */
  share: number;
}

export interface ProfileSummary {
  totalMs: number;
  /** Share of the time the thread was idle (waiting for I/O). */
  idleShare: number;
  functions: ProfileEntry[];
  files: ProfileEntry[];
  /**
   * Time in samples whose stack holds the function, counted once per sample however deep it recurses: where a
   * phase's time goes when no function's own time stands out (the statements a node sends, a WebSocket upgrade).
   * The profile's root is left out.
   */
  inclusive: ProfileEntry[];
}

/** A short location: the last three segments of a file URL (node_modules packages keep their name). */
export function shortLocation(url: string): string {
  if (url === '') return '(native)';
  const clean = url.replace(/^file:\/\//, '');
  const modules = clean.lastIndexOf('node_modules/');
  if (modules >= 0) return clean.slice(modules + 'node_modules/'.length);
  return clean.split('/').slice(-3).join('/');
}

function top(totals: Map<string, number>, totalUs: number, count: number): ProfileEntry[] {
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, us]) => ({ name, ms: us / 1000, share: totalUs === 0 ? 0 : us / totalUs }));
}

const functionName = (frame: CpuProfile['nodes'][number]['callFrame']) =>
  `${frame.functionName || '(anonymous)'} ${shortLocation(frame.url)}${frame.url === '' ? '' : `:${frame.lineNumber + 1}`}`;

export function summarizeProfile(profile: CpuProfile, count = 20): ProfileSummary {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const byFunction = new Map<string, number>();
  const byFile = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let totalUs = 0;
  let idleUs = 0;
  profile.samples.forEach((id, index) => {
    const us = profile.timeDeltas[index] ?? 0;
    const frame = nodes.get(id)?.callFrame;
    if (frame === undefined) return;
    totalUs += us;
    if (frame.functionName === '(idle)') idleUs += us;
    const name = functionName(frame);
    byFunction.set(name, (byFunction.get(name) ?? 0) + us);
    const fileKey = frame.url === '' ? frame.functionName : shortLocation(frame.url);
    byFile.set(fileKey, (byFile.get(fileKey) ?? 0) + us);
    const onStack = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parents.get(at)) {
      const caller = nodes.get(at)?.callFrame;
      if (caller !== undefined && parents.has(at)) onStack.add(functionName(caller));
    }
    for (const name of onStack) inclusive.set(name, (inclusive.get(name) ?? 0) + us);
  });
  return {
    totalMs: totalUs / 1000,
    idleShare: totalUs === 0 ? 0 : idleUs / totalUs,
    functions: top(byFunction, totalUs, count),
    files: top(byFile, totalUs, count),
    inclusive: top(inclusive, totalUs, count),
  };
}
