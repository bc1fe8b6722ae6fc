// Every citation in the sources points into the repository's own docs/, so a newcomer can follow each one.
//
// Scanned: the files git tracks under apps, packages, e2e, cluster, bench and tools with the extensions below,
// read from the working tree; build output is left out, and so is this file, whose cases below are bad citations
// on purpose. The grammar of a citation:
//   - a doc path is `docs/<path>.md` at the start of a word, resolved from the repository root, or after `../`
//     steps (a Markdown link), resolved from the file's folder. The file must exist;
//   - a section `§<Section>` belongs to the doc path cited last before it in the same file: normally right before
//     it (`docs/player.md §Auth`), or earlier in the same sentence (`docs/player.md §Auth and §Sidebar`).
//     <Section> is the longest `## ` or `### ` heading of that doc that the text after `§` starts with, and the
//     character after it must not continue a word: `§Start-up step 2)` cites "Start-up", `§Start` cites nothing;
//   - a link anchor `docs/<path>.md#<anchor>` must be GitHub's anchor of one of those headings.
// Also refused: naming either of the two design documents that were never part of the repository (SPEC and
// DESIGN, by their .md file names), saying "the spec" instead of citing a section, and naming an issue, pull
// request or ticket by its number (a comment says what it is about in its own words).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
const SCANNED_FOLDERS = ['apps', 'packages', 'e2e', 'cluster', 'bench', 'tools'];
const SCANNED_EXTENSIONS = ['.ts', '.tsx', '.mjs', '.cjs', '.js', '.css', '.html', '.md'];
const BUILD_OUTPUT = /(^|\/)(dist|dist-types)\//;
const THIS_FILE = relative(ROOT, import.meta.filename);

/** A problem found in one file, as `file:line: what`. */
type Problem = string;

/** Reads a doc's headings, or undefined when the file does not exist (cached: many files cite the same docs). */
type DocReader = (repoPath: string) => readonly string[] | undefined;

const OUTSIDE_DOCUMENT = /\b(?:SPEC|DESIGN)\.md\b/gi;
const BARE_SPEC = /\b(?:the|a|this|that)\s+(?:(?:\/\/|\*)\s*)?spec(?:s|'s)?\b(?!\.\w|[-\w])|\bspec's\b/gi;
const ISSUE_NUMBER = new RegExp(
  [
    String.raw`\bissues?\s*#?\d+`,
    String.raw`\bissue\s+"[^"\n]*"`,
    String.raw`\b(?:pull request|PR|ticket|bug)\s*#\d+`,
    String.raw`\b(?:fix(?:es|ed)?|close[sd]?|resolve[sd]?|see|refs?)\s+#\d+`,
    String.raw`\(#\d+\)`,
    String.raw`/(?:issues|pull)/\d+`,
  ].join('|'),
  'gi',
);
const DOC_PATH = /((?:\.\.\/)*)(docs\/[A-Za-z0-9_./-]*?\.md)(?![A-Za-z0-9_])(#[A-Za-z0-9_-]*)?/g;
const WORD_CHARACTER = /[\p{L}\p{N}_-]/u;

/** The `## ` and `### ` headings of a Markdown text, verbatim. */
function headingsOf(markdown: string): string[] {
  return [...markdown.matchAll(/^#{2,3} +(.+?)[ \t]*$/gm)].map((match) => match[1] ?? '');
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function anchorOf(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The longest heading the text starts with, where the heading is not followed by more of a word. */
function sectionAt(text: string, headings: readonly string[]): string | undefined {
  let found: string | undefined;
  for (const heading of headings) {
    if (!text.startsWith(heading)) continue;
    const next = text.charAt(heading.length);
    if (next !== '' && WORD_CHARACTER.test(next)) continue;
    if (found === undefined || heading.length > found.length) found = heading;
  }
  return found;
}

/** The problems of one file's text; `file` is its path from the repository root. */
function problemsOf(file: string, text: string, readDoc: DocReader): Problem[] {
  const lineStarts = [0];
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) {
    lineStarts.push(index + 1);
  }
  const lineOf = (offset: number): number => {
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((lineStarts[middle] ?? 0) <= offset) low = middle;
      else high = middle - 1;
    }
    return low + 1;
  };
  const problems: { offset: number; message: string }[] = [];
  const report = (offset: number, message: string) => problems.push({ offset, message });
  // What follows a §, up to the punctuation that ends a citation (no heading holds any).
  const excerpt = (offset: number) => JSON.stringify(/^[^\n),;:]{0,40}/.exec(text.slice(offset))?.[0]);

  for (const match of text.matchAll(BARE_SPEC)) {
    report(match.index, `says ${JSON.stringify(match[0])}: cite the docs/ section instead`);
  }
  for (const match of text.matchAll(ISSUE_NUMBER)) {
    report(
      match.index,
      `names an issue (${JSON.stringify(match[0])}): say what it is about in its own words`,
    );
  }

  // Cited documents, in order, so that a § belongs to the one cited last before it. An outside document is
  // reported once, its sections with it.
  const cited: { offset: number; end: number; doc: string; headings: readonly string[] | undefined }[] = [];
  for (const match of text.matchAll(OUTSIDE_DOCUMENT)) {
    report(match.index, `names ${match[0]}, which is not in the repository: cite docs/<file>.md §<Section>`);
    cited.push({
      offset: match.index,
      end: match.index + match[0].length,
      doc: match[0],
      headings: undefined,
    });
  }
  for (const match of text.matchAll(DOC_PATH)) {
    const [whole, steps = '', path = '', anchor] = match;
    const before = text.charAt(match.index - 1);
    // A doc path inside another path (`apps/x/docs/a.md`, a URL) is not one of ours, unless reached by `../`.
    if (steps === '' && /[A-Za-z0-9_./-]/.test(before)) continue;
    const absolute = steps === '' ? join(ROOT, path) : resolve(ROOT, dirname(file), steps + path);
    const repoPath = relative(ROOT, absolute);
    const headings = repoPath.startsWith('docs/') ? readDoc(repoPath) : undefined;
    if (headings === undefined) {
      report(match.index, `cites ${steps + path}, which is not a file of the repository (${repoPath})`);
    } else if (anchor !== undefined && !headings.some((heading) => `#${anchorOf(heading)}` === anchor)) {
      report(match.index, `links ${repoPath}${anchor}, which is no heading's anchor in ${repoPath}`);
    }
    cited.push({ offset: match.index, end: match.index + whole.length, doc: repoPath, headings });
  }
  cited.sort((left, right) => left.offset - right.offset);
  for (let offset = text.indexOf('§'); offset !== -1; offset = text.indexOf('§', offset + 1)) {
    const owner = cited.filter((each) => each.end <= offset).at(-1);
    if (owner === undefined) {
      report(offset, `cites a section (${excerpt(offset)}) without a docs/<file>.md before it`);
      continue;
    }
    if (owner.headings === undefined) continue; // the document is reported already
    if (sectionAt(text.slice(offset + 1, offset + 201), owner.headings) === undefined) {
      report(
        offset,
        `cites ${excerpt(offset)} of ${owner.doc}, which has no such heading (its headings: ${owner.headings.join(', ')})`,
      );
    }
  }

  return problems
    .sort((left, right) => left.offset - right.offset)
    .map((problem) => `${file}:${lineOf(problem.offset)}: ${problem.message}`);
}

function docReader(): DocReader {
  const cache = new Map<string, readonly string[] | undefined>();
  return (repoPath) => {
    if (!cache.has(repoPath)) {
      const absolute = join(ROOT, repoPath);
      cache.set(repoPath, existsSync(absolute) ? headingsOf(readFileSync(absolute, 'utf8')) : undefined);
    }
    return cache.get(repoPath);
  };
}

function scannedFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '-z', '--', ...SCANNED_FOLDERS], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return listed
    .split('\0')
    .filter((file) => SCANNED_EXTENSIONS.some((extension) => file.endsWith(extension)))
    .filter((file) => !BUILD_OUTPUT.test(file) && file !== THIS_FILE)
    .filter((file) => existsSync(join(ROOT, file))); // deleted in the working tree, not yet committed
}

describe('citations in the sources', () => {
  it('scans the sources (a scan of nothing would pass)', () => {
    const files = scannedFiles();
    for (const folder of SCANNED_FOLDERS) {
      expect(files.some((file) => file.startsWith(`${folder}/`))).toBe(true);
    }
    expect(files.some((file) => file.includes('/dist/'))).toBe(false);
  });

  it('point at docs/ files and sections that exist, name no outside document and no issue', () => {
    const readDoc = docReader();
    const problems = scannedFiles().flatMap((file) =>
      problemsOf(file, readFileSync(join(ROOT, file), 'utf8'), readDoc),
    );
    if (problems.length > 0) expect.fail(`${problems.length} bad citations:\n${problems.join('\n')}`);
  });
});

describe('the citation check', () => {
  // A doc of its own, so these cases do not depend on the wording of the real docs.
  const readDoc: DocReader = (repoPath) =>
    repoPath === 'docs/player.md'
      ? headingsOf('# Player\n\n## Start-up\n\n## Local storage\n\n### Local storage keys\n\n## Errors\n')
      : undefined;
  const check = (text: string, file = 'apps/player/src/example.ts') => problemsOf(file, text, readDoc);
  // Spelled in parts, so that a plain search of the repository for them does not stop at this file.
  const outsideDocument = ['SPEC', 'md'].join('.');
  const issue = ['iss', 'ue'].join('');
  const pullRequest = ['(#', '12)'].join('');

  it('accepts a section followed by punctuation, a parenthesis, more words or the end of the text', () => {
    expect(
      check(
        [
          '// (docs/player.md §Start-up), docs/player.md §Errors: and docs/player.md §Start-up step 2.',
          '// as docs/player.md',
          '// §Local storage says, then §Errors',
        ].join('\n'),
      ),
    ).toEqual([]);
  });

  it('takes the longest heading the text starts with', () => {
    expect(check('// docs/player.md §Local storage keys')).toEqual([]);
  });

  it('names file and line of a citation of an outside document', () => {
    expect(check(`const a = 1;\n// the rule (${outsideDocument} §4 "Remote action flags")`)).toEqual([
      `apps/player/src/example.ts:2: names ${outsideDocument}, which is not in the repository: cite docs/<file>.md §<Section>`,
    ]);
  });

  it('refuses a section without a doc before it', () => {
    expect(check('// as §Auth says (docs/player.md §Errors)')).toEqual([
      'apps/player/src/example.ts:1: cites a section ("§Auth says (docs/player.md §Errors") without a docs/<file>.md before it',
    ]);
  });

  it('refuses a doc that does not exist, and a section that is no heading of its doc', () => {
    expect(
      check('// docs/players.md §Start-up\n// docs/player.md §Startup\n// docs/player.md §Start'),
    ).toEqual([
      'apps/player/src/example.ts:1: cites docs/players.md, which is not a file of the repository (docs/players.md)',
      'apps/player/src/example.ts:2: cites "§Startup" of docs/player.md, which has no such heading (its headings: Start-up, Local storage, Local storage keys, Errors)',
      'apps/player/src/example.ts:3: cites "§Start" of docs/player.md, which has no such heading (its headings: Start-up, Local storage, Local storage keys, Errors)',
    ]);
  });

  it('reads a bare section as one of the doc cited last before it', () => {
    expect(
      check('// docs/protocols/bridge.md is missing here\n// docs/player.md §Errors, and §Tolerances'),
    ).toEqual([
      'apps/player/src/example.ts:1: cites docs/protocols/bridge.md, which is not a file of the repository (docs/protocols/bridge.md)',
      'apps/player/src/example.ts:2: cites "§Tolerances" of docs/player.md, which has no such heading (its headings: Start-up, Local storage, Local storage keys, Errors)',
    ]);
  });

  it('resolves a Markdown link from its file and checks its anchor', () => {
    const readme = 'packages/protocol/README.md';
    expect(check('[docs/player.md §Errors](../../docs/player.md#errors)', readme)).toEqual([]);
    expect(check('[player](../docs/player.md) and [errors](../../docs/player.md#error)', readme)).toEqual([
      `${readme}:1: cites ../docs/player.md, which is not a file of the repository (packages/docs/player.md)`,
      `${readme}:1: links docs/player.md#error, which is no heading's anchor in docs/player.md`,
    ]);
  });

  it('ignores a docs/ path inside another path', () => {
    expect(check("const url = 'https://example.com/docs/guide.md'; // apps/x/docs/notes.md")).toEqual([]);
  });

  it('refuses an issue number and "the spec"', () => {
    expect(check(`// ${issue} 8, "Done when": kill -9\n// ${pullRequest} and in the spec's words`)).toEqual([
      `apps/player/src/example.ts:1: names an issue ("${issue} 8"): say what it is about in its own words`,
      `apps/player/src/example.ts:2: names an issue ("${pullRequest}"): say what it is about in its own words`,
      `apps/player/src/example.ts:2: says "the spec's": cite the docs/ section instead`,
    ]);
    expect(check(`// ${issue} "Cloud service", item 8`)).toHaveLength(1);
    expect(
      check(`it('rejects %j as missing part #2', () => {}); // const issued = 3; fixture.spec.ts`),
    ).toEqual([]);
  });
});
