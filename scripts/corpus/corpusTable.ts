import type { FileOutcome, StepOutcome } from './runCorpus.js';

const isCrash = (step: StepOutcome<unknown> | null) => step !== null && !step.ok && step.crashed;

/** What a file's outcome fell short of, or null: pdf.js opens it and the app opened and parsed it with pdf.js's page count, or pdf.js does not and the app refused it clearly. */
export function shortfall(outcome: FileOutcome): string | null {
  const { reference, imported, parsed } = outcome;
  const crash = [imported, parsed].find(isCrash);
  if (crash && !crash.ok) return `crashed (${crash.code}): ${crash.message}`;
  if (!imported.ok && !imported.clear) return `unclear refusal at import (${imported.code}): ${imported.message}`;
  if (parsed && !parsed.ok && !parsed.clear) return `unclear failure of the offline engine (${parsed.code}): ${parsed.message}`;
  if (!reference.opens) return null;
  if (!imported.ok) return `pdf.js opens it (${reference.pages} pages), the app refused it (${imported.code}): ${imported.message}`;
  if (!parsed?.ok) return `the offline engine failed (${parsed?.code}): ${parsed?.message}`;
  if (parsed.value.pages !== reference.pages) return `the offline engine read ${parsed.value.pages} pages, pdf.js ${reference.pages}`;
  if (imported.value.pages !== reference.pages) return `the import counted ${imported.value.pages} pages, pdf.js ${reference.pages}`;
  return null;
}

const isClearRefusal = (step: StepOutcome<unknown> | null) => step !== null && !step.ok && step.clear;

/** `code n, code n` for the codes of failed steps, most frequent first. */
function codeCounts(codes: string[]): string {
  const counts = new Map<string, number>();
  for (const code of codes) counts.set(code, (counts.get(code) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([code, n]) => `${code} ${n}`)
    .join(', ');
}

/** A failed page's reason without its numbers and quoted details, so alike reasons count together. */
function reasonKind(reason: string): string {
  return (
    reason
      .replace(/\(.*?\)/g, '(…)')
      .replace(/"[^"]*"/g, '"…"')
      .replace(/\b\d[\d.,]*/g, 'N')
      .split('. ')[0] ?? reason
  );
}

/** The corpus in one table, then the files that fell short, one line each. */
export function corpusReport(outcomes: readonly FileOutcome[]): string {
  const opens = outcomes.filter((o) => o.reference.opens);
  const refusedByPdfjs = outcomes.filter((o) => !o.reference.opens);
  const parsedOk = opens.filter((o) => o.parsed?.ok);
  const agree = parsedOk.filter((o) => shortfall(o) === null);
  const refusedCodes = (list: readonly FileOutcome[]) =>
    list.flatMap((o) => (!o.imported.ok ? [o.imported.code] : o.parsed && !o.parsed.ok ? [o.parsed.code] : []));
  const warned = opens.flatMap((o) => (o.imported.ok ? o.imported.value.warnings : []));
  const failedPages = parsedOk.flatMap((o) => (o.parsed?.ok ? o.parsed.value.failedPages : []));
  const filesWithFailedPages = parsedOk.filter((o) => o.parsed?.ok && o.parsed.value.failedPages.length > 0).length;
  const crashed = (list: readonly FileOutcome[]) => list.filter((o) => isCrash(o.imported) || isCrash(o.parsed)).length;
  const unclear = refusedByPdfjs.filter((o) => !o.imported.ok && !o.imported.clear && !isCrash(o.imported)).length;

  const rows: [string, string][] = [
    ['files', `${outcomes.length}`],
    ['pdf.js opens', `${opens.length}`],
    ['  opened by the app', `${opens.filter((o) => o.imported.ok).length}`],
    ['  parsed by the offline engine', `${parsedOk.length}`],
    ['  page count agrees with pdf.js', `${agree.length}`],
    [
      '  opened with a warning',
      warned.length
        ? `${new Set(opens.filter((o) => o.imported.ok && o.imported.value.warnings.length > 0)).size} (${codeCounts(warned)})`
        : '0',
    ],
    ['  pages failed alone (files)', `${failedPages.length} (${filesWithFailedPages})`],
    [
      '  refused or not parsed',
      `${opens.length - parsedOk.length}${refusedCodes(opens).length ? ` (${codeCounts(refusedCodes(opens))})` : ''}`,
    ],
    ['  crashed', `${crashed(opens)}`],
    ['pdf.js does not open', `${refusedByPdfjs.length}`],
    [
      '  refused with a clear error',
      `${refusedByPdfjs.filter((o) => isClearRefusal(o.imported) || isClearRefusal(o.parsed)).length}${refusedCodes(refusedByPdfjs).length ? ` (${codeCounts(refusedCodes(refusedByPdfjs))})` : ''}`,
    ],
    ['  unclear refusals', `${unclear}`],
    ['  crashed', `${crashed(refusedByPdfjs)}`],
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  const table = rows.map(([label, value]) => `${label.padEnd(width)}  ${value}`).join('\n');
  const short = outcomes.flatMap((o) => {
    const why = shortfall(o);
    return why ? [`  ${o.file}: ${why}`] : [];
  });
  const reasons = codeCounts(parsedOk.flatMap((o) => (o.parsed?.ok ? o.parsed.value.failedReasons.map(reasonKind) : [])));
  const failedList = reasons ? `\n\nPages failed alone, by reason: ${reasons}` : '';
  return `${table}${failedList}\n\n${short.length === 0 ? 'No file fell short.' : `Files that fell short (${short.length}):\n${short.join('\n')}`}`;
}
