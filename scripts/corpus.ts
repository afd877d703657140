// `npm run corpus -- <folder> [--jobs N]`: every PDF under the folder through the app's import
// and the offline engine, beside bare pdf.js; prints one table and the files that fell short.
// Exits 1 when a file fell short (see scripts/corpus/corpusTable.ts for what counts).
import { corpusReport, shortfall } from './corpus/corpusTable.js';
import { runCorpus } from './corpus/runCorpus.js';

const args = process.argv.slice(2);
const jobsAt = args.indexOf('--jobs');
const jobs = jobsAt >= 0 ? Number(args.splice(jobsAt, 2)[1]) : 2;
const [folder] = args;
if (!folder || !Number.isInteger(jobs) || jobs < 1) {
  console.error('usage: npm run corpus -- <folder of PDFs> [--jobs N]');
  process.exit(2);
}
const started = Date.now();
const outcomes = await runCorpus(folder, {
  jobs,
  onFile: (outcome, done, total) => {
    const why = shortfall(outcome);
    if (why || done % 50 === 0) console.error(`[${done}/${total}] ${outcome.file}${why ? `: ${why}` : ''}`);
  },
});
console.log(`\n${corpusReport(outcomes)}\n\n${outcomes.length} files in ${((Date.now() - started) / 1000).toFixed(0)} s`);
process.exit(outcomes.some((o) => shortfall(o) !== null) ? 1 : 0);
