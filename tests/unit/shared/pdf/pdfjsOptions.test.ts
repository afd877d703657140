import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PDFJS_DOCUMENT_OPTIONS } from '../../../../shared/pdf/pdfjsOptions.js';

// PDFs are untrusted input. pdf.js 6 removed `isEvalSupported` because it no longer makes
// code from strings; these checks hold that true of the builds we ship, and hold every
// place that opens a document to the one set of options.

const BUILDS = [
  'build/pdf.mjs',
  'build/pdf.worker.mjs',
  'build/pdf.worker.min.mjs',
  'build/pdf.min.mjs',
  'build/pdf.renderer.mjs',
  'build/pdf.renderer.min.mjs',
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

describe('pdf.js opens documents with nothing in them able to run', () => {
  it.each(BUILDS)('%s generates no code from strings (no eval, no new Function)', (build) => {
    const text = readFileSync(join('node_modules/pdfjs-dist', build), 'utf8');
    expect(text.match(/(?<![\w$.])eval\s*\(/g) ?? []).toEqual([]);
    expect(text.match(/\bnew\s+Function\s*\(/g) ?? []).toEqual([]);
  });

  it('the options turn XFA off', () => {
    expect(PDFJS_DOCUMENT_OPTIONS.enableXfa).toBe(false);
  });

  it('every getDocument call in the app passes those options, and nothing loads the legacy build', () => {
    const files = [...sourceFiles('electron'), ...sourceFiles('renderer')];
    const calls = files.flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      expect(text, `${file} loads pdf.js's legacy build`).not.toMatch(/pdfjs-dist\/legacy/);
      return [...text.matchAll(/getDocument\(\{([^}]*)\}/g)].map((m) => ({ file, args: m[1]! }));
    });
    expect(calls.length).toBeGreaterThanOrEqual(2);
    for (const call of calls) expect(call.args, call.file).toContain('...PDFJS_DOCUMENT_OPTIONS');
  });
});
