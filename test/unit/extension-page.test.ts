/**
 * The extension's page (what the Marketplace, Open VSX and VS Code's details view show) is
 * EXTENSION.md, packaged as the vsix's readme: it speaks to a puzzle designer first (screenshot,
 * features, how to begin), not to a developer of this repository.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkText } from '../../server/src/genres/check';

const root = join(__dirname, '..', '..');
const page = readFileSync(join(root, 'EXTENSION.md'), 'utf8');
const lines = page.split('\n');

/** Paths kept in the vsix: the `!path` lines of .vscodeignore (which ignores everything else). */
const packaged = readFileSync(join(root, '.vscodeignore'), 'utf8').split('\n')
  .filter((l) => l.startsWith('!')).map((l) => l.slice(1).trim());

describe('the extension page', () => {
  it('is what `npm run package` puts in the vsix', () => {
    const script: string = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts.package;
    expect(script).toMatch(/vsce package .*--readme-path EXTENSION\.md/);
    // vsce refuses a vsix with both a README.md and the readme it takes from --readme-path.
    expect(packaged).not.toContain('README.md');
  });

  it('opens with the product and its screenshot, not with developer commands', () => {
    expect(lines[0]).toMatch(/^# Link Puzzles/);
    const firstImage = lines.findIndex((l) => /^!\[[^\]]+\]\(docs\/screenshot\.png\)/.test(l));
    expect(firstImage).toBeGreaterThan(0);
    expect(firstImage).toBeLessThan(10);
    const headings = lines.filter((l) => l.startsWith('## '));
    expect(headings.slice(0, 2)).toEqual(['## What you get', '## Getting started']);
    // Nothing a designer has to build or run from a terminal.
    expect(page).not.toMatch(/\bnpm (ci|test|run|install)\b|\bnpx\b|node dist\//);
  });

  it('links only images that the vsix contains', () => {
    const images = [...page.matchAll(/!\[[^\]]*\]\(([^)]+)\)/g)].map((m) => m[1]!);
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) {
      expect(existsSync(join(root, image)), image).toBe(true);
      expect(packaged, image).toContain(image);
    }
  });

  it("shows example puzzles that are what the text says: valid and unique", () => {
    const blocks = [...page.matchAll(/```\n([\s\S]*?)```/g)].map((m) => m[1]!);
    const slk = blocks.find((b) => /^[.0-3 ]+$/m.test(b) && !/^\d+ \d+$/m.test(b))!;
    const nlk = blocks.find((b) => /^\d+ \d+$/m.test(b))!;
    expect(checkText(slk, 'slitherlink').verdict).toBe('unique');
    expect(checkText(nlk, 'numberlink').verdict).toBe('unique');
  });
});
