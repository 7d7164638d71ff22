#!/usr/bin/env node
// Runs `linkpuzzle check --json` over the corpus (../shared/corpus by default) and compares each
// answer with answers.json: verdicts, exact counts, official solutions (Slitherlink `inside` maps,
// Numberlink `official` directions), and `count_fill` by checking again under `--rule fill`.
//
//   node scripts/corpus-sweep.mjs [PATH] [--only TEXT] [--no-fill] [--redundant] [--grade]
//                                 [--time-limit MS] [--skip-stress] [--json FILE]
// PATH is the corpus folder or any folder or file inside it. Exit 1 on any mismatch (a wrong or
// missing answer, a crash); `unknown` verdicts are listed but are not mismatches. `--grade` also
// grades every unique puzzle (check --grade) and prints how many of each collection get each grade.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(root, 'dist', 'cli.js');

const { values: opt, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    only: { type: 'string' },
    'no-fill': { type: 'boolean' },
    redundant: { type: 'boolean' },
    grade: { type: 'boolean' },
    'time-limit': { type: 'string' },
    'skip-stress': { type: 'boolean' },
    json: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (opt.help) {
  console.log(readFileSync(fileURLToPath(import.meta.url), 'utf8').split('\n').slice(1, 11).join('\n').replace(/^\/\/ ?/gm, ''));
  process.exit(0);
}

const target = resolve(positionals[0] ?? join(root, '..', 'shared', 'corpus'));
if (!existsSync(target)) {
  console.log(`corpus-sweep: ${target} is absent (../shared is not part of the repository): nothing to sweep.`);
  process.exit(0);
}
let corpus = statSync(target).isDirectory() ? target : dirname(target);
while (!existsSync(join(corpus, 'answers.json')) && dirname(corpus) !== corpus) corpus = dirname(corpus);
if (!existsSync(join(corpus, 'answers.json'))) {
  console.error(`corpus-sweep: no answers.json in ${target} or above it`);
  process.exit(2);
}
if (!existsSync(cli)) {
  console.error('corpus-sweep: dist/cli.js is missing: run `npm run build` (or `npm run corpus`)');
  process.exit(2);
}

const answers = JSON.parse(readFileSync(join(corpus, 'answers.json'), 'utf8'));
const rel = relative(corpus, target).split('\\').join('/');
let entries = answers.filter((a) => rel === '' || a.file === rel || a.file.startsWith(rel + '/'));
if (opt.only) entries = entries.filter((a) => a.file.includes(opt.only));
if (opt['skip-stress']) entries = entries.filter((a) => !a.file.startsWith('stress/'));
if (entries.length === 0) {
  console.log('corpus-sweep: no puzzles selected');
  process.exit(0);
}

/** Collection = the first two path parts (`slitherlink/puzzlekit`), or `stress`. */
const collectionOf = (file) => (file.startsWith('stress/') ? 'stress' : file.split('/').slice(0, 2).join('/'));

/** Runs the CLI on some files (relative to the corpus) in one child process. */
function runCli(files, extra, label) {
  const args = [cli, 'check', '--json', ...extra];
  if (!opt.redundant) args.push('--no-redundant');
  if (opt.grade && !extra.includes('--rule')) args.push('--grade');
  if (opt['time-limit']) args.push('--time-limit', opt['time-limit']);
  process.stderr.write(`corpus-sweep: ${label}: ${files.length} file${files.length === 1 ? '' : 's'}...\n`);
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [...args, ...files], {
    cwd: corpus,
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 1 << 30,
    encoding: 'utf8',
  });
  const wall = performance.now() - t0;
  let results = null;
  try {
    results = JSON.parse(r.stdout);
  } catch {
    results = null;
  }
  const crash = results === null ? `exit ${r.status ?? r.signal}${r.error ? ` (${r.error.message})` : ''}, no JSON` : null;
  return { results, crash, wall };
}

// ---- solution comparisons ----

/** Slitherlink: `inside` rows from loop edges (a cell is inside when an odd number of loop edges lie left of it). */
function insideMap(rows, cols, edges) {
  const vertical = new Uint8Array(rows * (cols + 1));
  for (const [r1, c1, r2, c2] of edges) if (c1 === c2) vertical[Math.min(r1, r2) * (cols + 1) + c1] = 1;
  const out = [];
  for (let r = 0; r < rows; r++) {
    let inside = 0, line = '';
    for (let c = 0; c < cols; c++) {
      inside ^= vertical[r * (cols + 1) + c];
      line += inside ? 'x' : '.';
    }
    out.push(line);
  }
  return out;
}

/** Numberlink: per-cell direction letters (order n s e w, '' unused) from the paths. */
function directionMap(rows, cols, paths) {
  const d = Array.from({ length: rows }, () => new Array(cols).fill(''));
  const add = (r, c, ch) => (d[r][c] += ch);
  for (const path of paths) {
    for (let i = 0; i + 1 < path.length; i++) {
      const [r1, c1] = path[i], [r2, c2] = path[i + 1];
      if (r2 === r1 - 1) (add(r1, c1, 'n'), add(r2, c2, 's'));
      else if (r2 === r1 + 1) (add(r1, c1, 's'), add(r2, c2, 'n'));
      else if (c2 === c1 + 1) (add(r1, c1, 'e'), add(r2, c2, 'w'));
      else if (c2 === c1 - 1) (add(r1, c1, 'w'), add(r2, c2, 'e'));
    }
  }
  const norm = (s) => ['n', 's', 'e', 'w'].filter((x) => s.includes(x)).join('');
  return d.map((row) => row.map(norm));
}

/**
 * Compares `official` ("rows cols" line, then either one token per cell joined by single spaces,
 * or 2-wide right-aligned cells joined by spaces with lines right-trimmed and the first row also
 * left-trimmed; `-` marks an unused cell) with ours.
 */
function officialMatches(official, ours, cols) {
  const lines = official.split('\n');
  const body = lines.slice(1);
  if (body.length !== ours.length) return false;
  for (let r = 0; r < body.length; r++) {
    const tokens = [...body[r].matchAll(/\S+/g)].map((m) => ({ end: m.index + m[0].length, text: m[0] }));
    const expected = ours[r];
    const letters = (t) => (t === '-' ? '' : ['n', 's', 'e', 'w'].filter((x) => t.includes(x)).join(''));
    // Some entries write one token per cell, single-spaced, `-` for an unused cell.
    if (tokens.length === cols && !/\s\s/.test(body[r].trim())) {
      if (tokens.every((t, i) => letters(t.text) === expected[i])) continue;
      return false;
    }
    // Rows other than the first keep their alignment: a token ending at 3i+2 is cell i.
    const shifts = r === 0 ? [0, 1, 2].flatMap((k) => Array.from({ length: cols }, (_, m) => k + 3 * m)) : [0];
    const ok = shifts.some((k) => {
      const got = new Array(cols).fill('');
      for (const t of tokens) {
        const end = t.end + k;
        if ((end - 2) % 3 !== 0) return false;
        const i = (end - 2) / 3;
        if (i < 0 || i >= cols) return false;
        got[i] = t.text === '-' ? '' : ['n', 's', 'e', 'w'].filter((x) => t.text.includes(x)).join('');
      }
      return got.every((g, i) => g === expected[i]);
    });
    if (!ok) return false;
  }
  return true;
}

// ---- the sweep ----

const groups = new Map();
for (const a of entries) {
  const c = collectionOf(a.file);
  if (!groups.has(c)) groups.set(c, []);
  groups.get(c).push(a);
}

/**
 * Why a result's count disagrees with the expected one, or null when it does not: a `multiple`
 * whose count a limit stopped (count null) agrees when its proved lower bound does not exceed the
 * expected count (the sweep lists it with the undecided, not as a mismatch).
 */
function countDiffers(r, expected) {
  if (r.count === null && r.verdict === 'multiple' && BigInt(expected) >= 2n) {
    const atLeast = BigInt(r.countAtLeast ?? '2');
    return atLeast <= BigInt(expected) ? null : `count at least ${atLeast}, expected ${expected}`;
  }
  return `count ${r.count}, expected ${expected}`;
}

const mismatches = [];
const unknowns = [];
const summary = [];
/** A line on stderr as each collection finishes: long sweeps show where they are. */
const done = (s) =>
  process.stderr.write(`corpus-sweep:   ${s.collection}: ${['unique', 'multiple', 'none', 'unknown', 'invalid'].filter((v) => s[v]).map((v) => `${s[v]} ${v}`).join(', ') || 'no results'}; ${s.mismatches} mismatch(es); ${(s.totalMs / 1000).toFixed(1)} s\n`);
const byFile = {};
/** Per collection (--grade): how many unique puzzles get each grade, and the grade not found. */
const grades = new Map();
for (const [collection, list] of groups) {
  const stats = { collection, files: list.length, unique: 0, multiple: 0, none: 0, unknown: 0, invalid: 0, matched: 0, solutions: 0, mismatches: 0, totalMs: 0, maxMs: 0, slowest: '', wallMs: 0 };
  const { results, crash, wall } = runCli(list.map((a) => a.file), [], collection);
  stats.wallMs = wall;
  if (crash) {
    mismatches.push({ file: collection, what: `the checker crashed: ${crash}` });
    stats.mismatches++;
    summary.push(stats);
  done(stats);
    continue;
  }
  const got = new Map(results.map((r) => [r.file, r]));
  for (const a of list) {
    const r = got.get(a.file);
    const bad = (what) => {
      mismatches.push({ file: a.file, what });
      stats.mismatches++;
    };
    if (!r) {
      bad('no result');
      continue;
    }
    byFile[a.file] = { verdict: r.verdict, count: r.count, ms: r.ms, ...(r.grade ? { grade: r.grade } : {}) };
    if (opt.grade && r.verdict === 'unique') {
      if (!grades.has(collection)) grades.set(collection, {});
      const g = grades.get(collection), k = r.grade ?? (r.gradeStopped ? 'not found' : 'none');
      g[k] = (g[k] ?? 0) + 1;
    }
    stats[r.verdict] = (stats[r.verdict] ?? 0) + 1;
    stats.totalMs += r.ms;
    if (r.ms > stats.maxMs) (stats.maxMs = r.ms), (stats.slowest = a.file);
    if (r.verdict === 'invalid') {
      bad(`invalid: ${r.errors.map((e) => `${e.line + 1}:${e.col + 1} ${e.message}`).join('; ')}`);
      continue;
    }
    if (r.verdict === 'unknown') {
      unknowns.push({ file: a.file, why: r.stopped });
      continue;
    }
    if (a.rule && r.rule !== undefined && r.rule !== a.rule) bad(`rule ${r.rule}, answers.json says ${a.rule}`);
    let ok = true;
    if (a.verdict && a.verdict !== r.verdict) (ok = false), bad(`verdict ${r.verdict}, expected ${a.verdict}`);
    if (a.count !== undefined && r.count !== a.count) {
      const why = countDiffers(r, a.count);
      if (why) (ok = false), bad(why);
      else unknowns.push({ file: a.file, why: `multiple, count not finished: ${r.stopped}` });
    }
    if (r.verdict !== 'none' && !r.solution) (ok = false), bad(`verdict ${r.verdict} but no solution`);
    if (r.verdict === 'unique' && r.solution) {
      if (a.inside) {
        stats.solutions++;
        const ours = insideMap(r.rows, r.cols, r.solution.edges);
        if (ours.join('\n') !== a.inside.join('\n')) (ok = false), bad('solution differs from the official one (inside map)');
      } else if (a.official) {
        stats.solutions++;
        const ours = directionMap(r.rows, r.cols, r.solution.paths);
        if (!officialMatches(a.official, ours, r.cols)) (ok = false), bad('solution differs from the official one (directions)');
      }
    }
    if (ok && (a.verdict || a.count !== undefined)) stats.matched++;
  }
  summary.push(stats);
  done(stats);

  // Counts under plain `fill` where answers.json has them (Janko: `count_fill`).
  const fill = list.filter((a) => a.count_fill !== undefined);
  if (fill.length > 0 && !opt['no-fill']) {
    const s = { collection: `${collection} (--rule fill)`, files: fill.length, unique: 0, multiple: 0, none: 0, unknown: 0, invalid: 0, matched: 0, solutions: 0, mismatches: 0, totalMs: 0, maxMs: 0, slowest: '', wallMs: 0 };
    const run = runCli(fill.map((a) => a.file), ['--rule', 'fill'], `${collection} under --rule fill`);
    s.wallMs = run.wall;
    if (run.crash) {
      mismatches.push({ file: s.collection, what: `the checker crashed: ${run.crash}` });
      s.mismatches++;
    } else {
      const g = new Map(run.results.map((r) => [r.file, r]));
      for (const a of fill) {
        const r = g.get(a.file);
        if (!r) {
          mismatches.push({ file: a.file, what: 'no result under --rule fill' });
          s.mismatches++;
          continue;
        }
        s[r.verdict] = (s[r.verdict] ?? 0) + 1;
        s.totalMs += r.ms;
        if (r.ms > s.maxMs) (s.maxMs = r.ms), (s.slowest = a.file);
        if (r.verdict === 'unknown') unknowns.push({ file: `${a.file} (--rule fill)`, why: r.stopped });
        else if (r.count !== a.count_fill) {
          const why = countDiffers(r, a.count_fill);
          if (why) {
            mismatches.push({ file: a.file, what: `--rule fill: ${why.replace('expected', 'expected count_fill')}` });
            s.mismatches++;
          } else unknowns.push({ file: `${a.file} (--rule fill)`, why: `multiple, count not finished: ${r.stopped}` });
        } else s.matched++;
      }
    }
    summary.push(s);
    done(s);
  }
}

// ---- report ----
const fmt = (ms) => (ms < 1000 ? `${ms.toFixed(0)} ms` : `${(ms / 1000).toFixed(1)} s`);
const header = ['collection', 'files', 'unique', 'multiple', 'none', 'unknown', 'invalid', 'matched', 'solutions ok', 'mismatches', 'total', 'slowest'];
const rows = summary.map((s) => [
  s.collection, s.files, s.unique, s.multiple, s.none, s.unknown, s.invalid, s.matched,
  s.solutions - mismatches.filter((m) => m.what.startsWith('solution') && collectionOf(m.file) === s.collection).length,
  s.mismatches, fmt(s.totalMs), s.slowest ? `${fmt(s.maxMs)} ${s.slowest.split('/').pop()}` : '-',
].map(String));
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
const line = (r) => r.map((c, i) => (i === 0 || i === r.length - 1 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ').trimEnd();
console.log(line(header));
for (const r of rows) console.log(line(r));
console.log('\n"matched": verdict and count agree with answers.json where it has them; "solutions ok": unique solutions equal to the official one.');

if (grades.size > 0) {
  const order = ['easy', 'normal', 'tricky', 'hard', 'local', 'global', 'probing', 'needs search', 'not found', 'none'];
  const seen = order.filter((k) => [...grades.values()].some((g) => g[k]));
  console.log('\nGrades of the unique puzzles (check --grade):\n');
  console.log(`| collection | unique | ${seen.join(' | ')} |`);
  console.log(`|---|---:|${seen.map(() => '---:').join('|')}|`);
  for (const [c, g] of grades) {
    const n = Object.values(g).reduce((a, b) => a + b, 0);
    console.log(`| ${c} | ${n} | ${seen.map((k) => g[k] ?? '').join(' | ')} |`);
  }
}

if (unknowns.length > 0) {
  console.log(`\n${unknowns.length} undecided (not mismatches):`);
  for (const u of unknowns) console.log(`  ${u.file}: ${u.why}`);
}
if (opt.json) {
  mkdirSync(dirname(resolve(opt.json)), { recursive: true });
  writeFileSync(opt.json, JSON.stringify({ corpus, summary, mismatches, unknowns, files: byFile }, null, 1));
}
if (mismatches.length > 0) {
  console.log(`\n${mismatches.length} MISMATCH${mismatches.length === 1 ? '' : 'ES'}:`);
  for (const m of mismatches) console.log(`  ${m.file}: ${m.what}`);
  process.exit(1);
}
console.log(`\nno mismatches (${entries.length} puzzles)`);
