import type * as PdfjsModule from 'pdfjs-dist';
import './es2026Builtins.js';

// pdfjs-dist stays outside the bundle (it loads its worker and data files at run time).
// Its modern build: the one the renderer runs too, without the legacy build's polyfills.
export type Pdfjs = typeof PdfjsModule;

let loading: Promise<Pdfjs> | null = null;

export function loadPdfjs(): Promise<Pdfjs> {
  loading ??= withoutLegacyBuildAdvice(() => import('pdfjs-dist'));
  return loading;
}

/**
 * pdf.js's modern build advises its legacy build on loading in Node, for the builtins that
 * `es2026Builtins.ts` adds; that one line is dropped, so each engine worker's start does
 * not print it. Every other warning goes through.
 */
async function withoutLegacyBuildAdvice<T>(load: () => Promise<T>): Promise<T> {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (!(typeof args[0] === 'string' && args[0].includes('Please use the `legacy` build'))) warn(...args);
  };
  try {
    return await load();
  } finally {
    console.warn = warn;
  }
}
