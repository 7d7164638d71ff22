/**
 * Property tests: the parsers never throw, every range lies inside the document, and valid
 * puzzles written in any allowed style read back exactly. Seeded, so failures replay.
 */
import { describe, it, expect } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseSlitherlink } from '../../server/src/slitherlink/parse';
import { parseNumberlink } from '../../server/src/numberlink/parse';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { checkInvariants, prng, sliceRange, lspLines, offsetAt } from './parse-helpers';

const FIX = join(__dirname, '../fixtures/parse');
const fixtures = readdirSync(FIX)
  .filter((f) => f.endsWith('.slk') || f.endsWith('.nlk'))
  .map((f) => ({ file: f, text: readFileSync(join(FIX, f), 'utf8') }));

/** Characters that matter to the parsers, plus some that should never appear. */
const ALPHABET = [
  '.', '.', '.', '-', '0', '1', '2', '3', '4', '5', '9', 'A', 'a', 'B', '12', ' ', ' ', '\t', '\n', '\n', '\r\n', '\r',
  '#', '# ', ':', ',', 'rule: ', 'fill', 'nikoli', 'notouch', '\u0000', '\uD800', '\uDC00', '😀', '\uFEFF', '\u00A0',
  '\u200B', '\u0301', 'x', '[', '\\', '5 4\n',
];

function parseBoth(text: string): void {
  checkInvariants(text, parseSlitherlink(text), 'slitherlink');
  checkInvariants(text, parseNumberlink(text), 'numberlink');
}

describe('the invariant checker itself', () => {
  it('rejects ranges outside the document and cells that do not slice back', () => {
    const text = '3.\n.2\n';
    const good = parseSlitherlink(text);
    expect(() => checkInvariants(text, good, 'slitherlink')).not.toThrow();
    const shifted = structuredClone(good);
    shifted.puzzle!.cellRanges[0] = { line: 0, col: 1, endLine: 0, endCol: 2 };
    expect(() => checkInvariants(text, shifted, 'slitherlink')).toThrow(/slice/);
    const outside = structuredClone(good);
    outside.problems.push({ code: 'bad-cell', message: 'x', range: { line: 0, col: 0, endLine: 9, endCol: 0 } });
    expect(() => checkInvariants(text, outside, 'slitherlink')).toThrow(/past the end/);
    const n = parseNumberlink('2 1\naa');
    const unpaired = structuredClone(n);
    unpaired.puzzle!.cells[1] = -1;
    expect(() => checkInvariants('2 1\naa', unpaired, 'numberlink')).toThrow();
  });
});

describe('line numbering agrees with the LSP text document', () => {
  it('on random texts with \\n, \\r\\n and lone \\r (the ranges the parsers give are LSP positions)', () => {
    const rand = prng(7);
    const parts = ['a', '.', ' ', '\n', '\r\n', '\r', '\n\r', '😀', '#'];
    for (let i = 0; i < 300; i++) {
      let text = '';
      for (let j = Math.floor(rand() * 40); j > 0; j--) text += parts[Math.floor(rand() * parts.length)];
      const doc = TextDocument.create('file:///x.slk', 'slk', 1, text);
      const lines = lspLines(text);
      expect(lines.length).toBe(doc.lineCount);
      for (let l = 0; l < lines.length; l++) {
        expect(offsetAt(text, l, 0)).toBe(doc.offsetAt({ line: l, character: 0 }));
        expect(offsetAt(text, l, lines[l].length)).toBe(doc.offsetAt({ line: l, character: lines[l].length }));
      }
      for (const p of [...parseSlitherlink(text).problems, ...parseNumberlink(text).problems]) {
        expect(sliceRange(text, p.range)).toBe(doc.getText(p.range && { start: { line: p.range.line, character: p.range.col }, end: { line: p.range.endLine, character: p.range.endCol } }));
      }
    }
  });
});

describe('parsers never throw, and keep every range inside the document', () => {
  it('random bytes decoded as UTF-8 (2,000 inputs)', () => {
    const rand = prng(1);
    const dec = new TextDecoder('utf-8', { fatal: false });
    for (let i = 0; i < 2000; i++) {
      const bytes = new Uint8Array(Math.floor(rand() * 300));
      for (let j = 0; j < bytes.length; j++) bytes[j] = Math.floor(rand() * 256);
      parseBoth(dec.decode(bytes));
    }
  });

  it('random UTF-16 code units, lone surrogates included (2,000 inputs)', () => {
    const rand = prng(2);
    for (let i = 0; i < 2000; i++) {
      const n = Math.floor(rand() * 200);
      const units: number[] = [];
      for (let j = 0; j < n; j++) {
        const pick = rand();
        units.push(pick < 0.5 ? Math.floor(rand() * 0x80) : pick < 0.7 ? 0xd800 + Math.floor(rand() * 0x800) : Math.floor(rand() * 0x10000));
      }
      parseBoth(String.fromCharCode(...units));
    }
  });

  it('random strings over the puzzle alphabet (3,000 inputs)', () => {
    const rand = prng(3);
    for (let i = 0; i < 3000; i++) {
      let s = '';
      const n = Math.floor(rand() * 80);
      for (let j = 0; j < n; j++) s += ALPHABET[Math.floor(rand() * ALPHABET.length)];
      parseBoth(s);
    }
  });

  it('random edits of real files (3,000 edited files)', () => {
    const rand = prng(4);
    const pick = <T>(xs: T[]): T => xs[Math.floor(rand() * xs.length)];
    for (let i = 0; i < 3000; i++) {
      let s = pick(fixtures).text;
      const edits = 1 + Math.floor(rand() * 6);
      for (let e = 0; e < edits; e++) {
        const at = Math.floor(rand() * (s.length + 1));
        const op = rand();
        if (op < 0.3) s = s.slice(0, at) + s.slice(at + 1 + Math.floor(rand() * 3));
        else if (op < 0.6) s = s.slice(0, at) + pick(ALPHABET) + s.slice(at);
        else if (op < 0.9) s = s.slice(0, at) + pick(ALPHABET) + s.slice(at + 1);
        else {
          // Duplicate or drop a whole line.
          const lines = s.split('\n');
          const l = Math.floor(rand() * lines.length);
          if (rand() < 0.5) lines.splice(l, 0, lines[l]);
          else lines.splice(l, 1);
          s = lines.join('\n');
        }
      }
      parseBoth(s);
    }
  });

  it('huge inputs: long garbage lines, many lines, huge labels; messages stay short', () => {
    const rand = prng(8);
    let garbage = '';
    for (let i = 0; i < 100_000; i++) garbage += String.fromCharCode(33 + Math.floor(rand() * 94));
    const inputs = [
      garbage,
      `3 1\n${'x'.repeat(100_000)} . ${'x'.repeat(100_000)}`,
      `2 1\n${'y'.repeat(100_000)} .`,
      '.\n'.repeat(50_000),
      `1 1\n${'\u0000'.repeat(100_000)}`,
      `# rule: ${'z'.repeat(100_000)}\n1 1\n.`,
      ' \t'.repeat(100_000),
    ];
    for (const text of inputs) {
      for (const r of [parseSlitherlink(text), parseNumberlink(text)]) {
        expect(r.problems.length).toBeLessThanOrEqual(1001);
        for (const p of r.problems) expect(p.message.length, p.message.slice(0, 200)).toBeLessThan(400);
      }
      parseBoth(text);
    }
  });

  it('non-string input is treated as text, never a crash', () => {
    for (const bad of [undefined, null, 42, {}] as unknown as string[]) {
      expect(() => parseSlitherlink(bad)).not.toThrow();
      expect(() => parseNumberlink(bad)).not.toThrow();
    }
  });
});

describe('round trip: generated valid puzzles in any allowed style read back exactly', () => {
  const styles = (rand: () => number) => ({
    nl: ['\n', '\r\n', '\r'][Math.floor(rand() * 3)],
    finalNewline: rand() < 0.5,
    pad: () => (rand() < 0.2 ? [' ', '\t', '  '][Math.floor(rand() * 3)] : ''),
    extra: () => (rand() < 0.1 ? [['', '# a comment', '  # title: x', '\t'][Math.floor(rand() * 4)]] : []),
  });

  it('Slitherlink (500 puzzles)', () => {
    const rand = prng(5);
    for (let i = 0; i < 500; i++) {
      const rows = 1 + Math.floor(rand() * 8), cols = 1 + Math.floor(rand() * 8);
      const tokens = rand() < 0.5;
      const st = styles(rand);
      const hints = Array.from({ length: rows * cols }, () => (rand() < 0.5 ? -1 : Math.floor(rand() * 5)));
      const out: string[] = [...st.extra()];
      for (let r = 0; r < rows; r++) {
        const cells = hints.slice(r * cols, (r + 1) * cols).map((h) => (h < 0 ? (rand() < 0.8 ? '.' : '-') : String(h)));
        out.push(st.pad() + cells.join(tokens ? (rand() < 0.8 ? ' ' : '\t') : '') + st.pad(), ...st.extra());
      }
      const text = out.join(st.nl) + (st.finalNewline ? st.nl : '');
      const res = parseSlitherlink(text);
      // A one-cell-per-row grid has no blanks, so its layout is compact whichever way it was meant.
      expect(res.problems, JSON.stringify(text)).toEqual([]);
      checkInvariants(text, res, 'slitherlink');
      const p = res.puzzle!;
      expect([p.rows, p.cols]).toEqual([rows, cols]);
      expect(Array.from(p.hints)).toEqual(hints);
      if (cols > 1) expect(p.layout).toBe(tokens ? 'tokens' : 'compact');
      for (let k = 0; k < hints.length; k++) {
        expect(sliceRange(text, p.cellRanges[k])).toMatch(hints[k] < 0 ? /^[.-]$/ : new RegExp(`^${hints[k]}$`));
      }
    }
  });

  it('Numberlink (500 puzzles)', () => {
    const rand = prng(6);
    const single = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789[]\\^_`@!?*+=/<>~'.split('');
    for (let i = 0; i < 500; i++) {
      const rows = 1 + Math.floor(rand() * 7), cols = 2 + Math.floor(rand() * 7);
      const tokens = rand() < 0.5;
      const st = styles(rand);
      const n = rows * cols;
      const cells: string[] = new Array(n).fill('.');
      const free = Array.from({ length: n }, (_, k) => k).sort(() => rand() - 0.5);
      const pairs = Math.floor(rand() * (Math.floor(n / 2) + 1));
      const labels: string[] = [];
      for (let k = 0; k < pairs; k++) {
        const label = tokens && rand() < 0.3 ? String(10 + k) + (rand() < 0.3 ? 'x' : '') : single[k % single.length];
        if (labels.includes(label)) continue;
        labels.push(label);
        cells[free.pop()!] = label;
        cells[free.pop()!] = label;
      }
      for (let k = 0; k < n; k++) if (cells[k] === '.' && rand() < 0.2) cells[k] = '-';
      const ruleWords = ['', 'nikoli', 'fill', 'notouch', 'fill notouch', 'notouch, fill', 'nikoli,notouch'][Math.floor(rand() * 7)];
      const out: string[] = [...st.extra()];
      if (ruleWords) out.push(`# rule: ${ruleWords}`);
      out.push(...st.extra(), `${st.pad()}${cols} ${rows}${st.pad()}`, ...st.extra());
      for (let r = 0; r < rows; r++) {
        out.push(st.pad() + cells.slice(r * cols, (r + 1) * cols).join(tokens ? ' ' : '') + st.pad(), ...st.extra());
      }
      const text = out.join(st.nl) + (st.finalNewline ? st.nl : '');
      const res = parseNumberlink(text);
      expect(res.problems, JSON.stringify(text)).toEqual([]);
      checkInvariants(text, res, 'numberlink');
      const p = res.puzzle!;
      expect([p.rows, p.cols, p.layout]).toEqual([rows, cols, tokens ? 'tokens' : 'compact']);
      const back = Array.from(p.cells, (k) => (k < 0 ? null : p.labels[k]));
      expect(back).toEqual(cells.map((c) => (c === '.' || c === '-' ? null : c)));
      expect(p.rule.fill).toBe(ruleWords.includes('fill'));
      expect(p.rule.notouch).toBe(ruleWords.includes('notouch'));
      expect(p.ruleRange !== undefined).toBe(ruleWords !== '');
    }
  });
});
