/** The extension's pure parts: status texts, the puzzle signature that decides staleness, the page HTML. */
import { describe, expect, it } from 'vitest';
import { parseNumberlink, parseSlitherlink } from '../../server/src/parse/index';
import { previewHtml, newNonce } from '../../client/src/previewHtml';
import { puzzleSignature } from '../../client/src/signature';
import { formatCount, formatMs, gradeSentence, gradeText, redundancySentence, redundancyText, statusText, verdictIcon } from '../../client/src/summary';

describe('status texts', () => {
  it('says verdict, count and time', () => {
    expect(statusText({ uri: 'u', state: 'checking' })).toBe('checking…');
    expect(statusText({ uri: 'u', state: 'done', verdict: 'unique', count: '1', ms: 12.4 })).toBe('unique · 12 ms');
    expect(statusText({ uri: 'u', state: 'done', verdict: 'multiple', count: '7406344', ms: 1234 })).toBe('7,406,344 solutions · 1.23 s');
    expect(statusText({ uri: 'u', state: 'done', verdict: 'multiple', count: null })).toBe('several solutions');
    // Two solutions found, too many to count: the lower bound, and whether the count still runs.
    expect(statusText({ uri: 'u', state: 'done', verdict: 'multiple', count: null, countAtLeast: '1234', countPending: true, ms: 40 })).toBe('≥1,234 solutions (counting…) · 40 ms');
    expect(statusText({ uri: 'u', state: 'done', verdict: 'multiple', count: null, countAtLeast: '2', ms: 9000 })).toBe('≥2 solutions · 9.00 s');
    expect(statusText({ uri: 'u', state: 'done', verdict: 'none', ms: 0.2 })).toBe('no solution · <1 ms');
    expect(statusText({ uri: 'u', state: 'done', verdict: 'unknown', ms: 61_000 })).toBe('undecided · 1 min 1 s');
    expect(statusText({ uri: 'u', state: 'error', message: 'worker died' })).toBe('error: worker died');
    expect(verdictIcon('unique')).toMatch(/^\$\([\w-]+\)$/);
  });

  it('says how many redundant hints there are and how many can go together (redundant one at a time is not all together)', () => {
    const cells = (n: number) => Array.from({ length: n }, (_, i) => ({ row: 0, col: i }));
    const done = { uri: 'u', state: 'done' as const, verdict: 'unique' as const, count: '1', ms: 1200 };
    const r = { verdict: 'unique' as const, redundant: cells(43), redundantTogether: cells(12) };
    expect(statusText(done, r)).toBe('unique · 43 redundant (12 can go together) · 1.20 s');
    expect(redundancySentence(r)).toBe(
      '43 hints are redundant one at a time, but they cannot all go: Remove All Redundant Hints removes 12 (31 stay needed once those are gone).',
    );
    const all = { verdict: 'unique' as const, redundant: cells(3), redundantTogether: cells(3) };
    expect(redundancyText(all)).toBe('3 redundant (all can go together)');
    expect(redundancySentence(all)).toBe('3 hints are redundant, and all can go together: Remove All Redundant Hints removes them all.');
    // While the server computes it, and when a limit stopped it.
    const pending = { verdict: 'unique' as const, redundant: cells(43), extrasPending: true };
    expect(redundancyText(pending)).toBe('43 redundant (together: checking…)');
    expect(redundancySentence(pending)).toBe('43 hints are redundant one at a time; finding how many can go together…');
    const stopped = { ...r, redundantTogetherStopped: { message: 'Remove all redundant hints: stopped after 60000 ms (limit 60000 ms), 30 of 43 checks done' } };
    expect(redundancyText(stopped)).toBe('43 redundant (together: undecided)');
    expect(redundancySentence(stopped)).toMatch(/^43 hints are redundant one at a time; whether they can all go together is undecided \(.*30 of 43 checks done\)\. 12 can, found before it stopped\.$/);
    // Nothing to say: no redundant hint, one, or not unique.
    expect(redundancyText({ verdict: 'unique', redundant: [] })).toBe('');
    expect(redundancyText({ verdict: 'unique', redundant: cells(1), redundantTogether: cells(1) })).toBe('1 redundant');
    expect(redundancyText({ verdict: 'multiple', redundant: cells(3) })).toBe('');
    expect(statusText(done)).toBe('unique · 1.20 s');
  });

  it('says the difficulty grade of a unique puzzle, beside the redundant hints', () => {
    const done = { uri: 'u', state: 'done' as const, verdict: 'unique' as const, count: '1', ms: 12 };
    const tricky = { verdict: 'unique' as const, grade: 'tricky', redundant: [{ row: 0, col: 0 }, { row: 1, col: 1 }], redundantTogether: [{ row: 0, col: 0 }] };
    expect(statusText(done, tricky)).toBe('unique · grade Tricky · 2 redundant (1 can go together) · 12 ms');
    expect(statusText(done, { verdict: 'unique', grade: 'probing' })).toBe('unique · grade Probing · 12 ms');
    expect(statusText(done, { verdict: 'unique', grade: 'needs search' })).toBe('unique · grade: needs search · 12 ms');
    expect(gradeText({ verdict: 'multiple', grade: 'easy' })).toBe('');
    expect(gradeText({ verdict: 'unique' })).toBe('');
    expect(gradeSentence(tricky)).toMatch(/^Difficulty grade: Tricky, the lowest level of deduction that finishes it/);
    expect(gradeSentence({ verdict: 'unique', grade: 'needs search' })).toMatch(/^Difficulty grade: needs search\. Deduction alone does not finish it/);
    expect(gradeSentence({ verdict: 'unique', gradeStopped: { message: 'grade not found: probing stopped after 1000 ms' } })).toBe('Difficulty grade not found: probing stopped after 1000 ms.');
  });

  it('groups the digits of counts past 2^53 exactly', () => {
    expect(formatCount('123456789012345678901')).toBe('123,456,789,012,345,678,901');
    expect(formatCount('999')).toBe('999');
    expect(formatMs(undefined)).toBe('');
  });
});

describe('puzzle signature', () => {
  it('ignores comments and spacing, not hints', () => {
    const a = puzzleSignature(parseSlitherlink('# title: a\n3 . 2\n. . .\n').puzzle!);
    expect(puzzleSignature(parseSlitherlink('# title: b\n# more\n3 . 2\n.  . .\n').puzzle!)).toBe(a);
    expect(puzzleSignature(parseSlitherlink('3 . 1\n. . .\n').puzzle!)).not.toBe(a);
    expect(puzzleSignature(parseSlitherlink('3 . 2 .\n. . . .\n').puzzle!)).not.toBe(a);
  });

  it('follows the Numberlink rule and labels', () => {
    const a = puzzleSignature(parseNumberlink('3 2\nA.A\nB.B\n').puzzle!);
    expect(puzzleSignature(parseNumberlink('# hi\n3 2\nA.A\nB.B\n').puzzle!)).toBe(a);
    expect(puzzleSignature(parseNumberlink('# rule: fill\n3 2\nA.A\nB.B\n').puzzle!)).not.toBe(a);
    expect(puzzleSignature(parseNumberlink('3 2\nA.A\nC.C\n').puzzle!)).not.toBe(a);
  });
});

describe('preview page HTML', () => {
  it('has a strict policy: no inline code, the script only with its nonce, files only from the extension', () => {
    const nonce = newNonce();
    expect(nonce).toMatch(/^[A-Za-z0-9]{32}$/);
    const html = previewHtml({ cspSource: 'https://ext.test', nonce, scriptUri: 'https://ext.test/p.js', styleUri: 'https://ext.test/p.css' });
    const csp = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)![1];
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain(`script-src 'nonce-${nonce}'`);
    expect(csp).toContain('style-src https://ext.test');
    expect(csp).not.toContain('unsafe');
    expect(html).toContain(`<script nonce="${nonce}" src="https://ext.test/p.js"></script>`);
    expect(html).not.toMatch(/<style|\sstyle="|\son\w+="/);
    expect(html.match(/<script/g)).toHaveLength(1);
  });

  it('has a "Draw loop" toggle button with a tooltip, off and hidden until a Slitherlink is shown', () => {
    const html = previewHtml({ cspSource: 'https://ext.test', nonce: newNonce(), scriptUri: 'https://ext.test/p.js', styleUri: 'https://ext.test/p.css' });
    const button = /<button id="draw-loop"[^>]*>([^<]*)<\/button>/.exec(html);
    expect(button).not.toBeNull();
    expect(button![0]).toContain('aria-pressed="false"');
    expect(button![0]).toMatch(/\shidden[\s>]/);
    expect(button![0]).toMatch(/title="Draw loop: [^"]*inside or outside[^"]*"/);
    expect(button![1]).toBe('Draw loop');
  });
});
