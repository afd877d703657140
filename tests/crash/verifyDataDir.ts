// After a kill: does the data folder hold only whole files, and everything acknowledged?
// Read with the app's own readers (what a restarted app would show), plus a raw walk that
// parses every JSON file, whoever wrote it, and every line of the log and the catalog (an
// audit trail may end in a torn line by design; its reader is checked through the acks).
import { MAX_AUDIT_PAGE, type AuditEntryView } from '../../shared/ipc/audit.js';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, join, relative } from 'node:path';
import { ProjectRegistry } from '../../electron/datasets/projectRegistry.js';
import { ATOMIC_TEMP_PATTERN } from '../../electron/storage/fsAtomic.js';
import { jobRecordsIn } from '../../electron/jobs/jobRecords.js';
import { createLogger } from '../../electron/core/log.js';
import { Notices } from '../../electron/core/notices.js';
import { Reviews } from '../../electron/review/reviews.js';
import { createSettingsStore } from '../../electron/settings/settings.js';
import { CATALOG_FILE } from '../../electron/workspace/layout.js';
import { Workspace } from '../../electron/workspace/workspace.js';
import type { Ack } from './acks.js';

export interface Verdict {
  /** Each thing that is wrong, in words; empty when the folder is sound. */
  problems: string[];
  files: number;
  /** Temp files of interrupted writes (allowed; the next start must remove them). */
  temps: string[];
}

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

/**
 * Checks that passed, by the identity of the files they read (inode, size, mtime). Every
 * app write replaces a file by rename, so a file with the same identity has the same
 * bytes and need not be read again: this keeps 200 kills over thousands of files quick.
 */
export class VerifyCache {
  private readonly passed = new Map<string, string>();

  /** Runs `check` unless it passed before on these very files; remembers a pass. */
  async once(key: string, paths: string[], check: () => Promise<boolean>): Promise<boolean> {
    const identity = await identityOf(paths);
    if (identity !== null && this.passed.get(key) === identity) return true;
    const ok = await check();
    if (ok && identity !== null) this.passed.set(key, identity);
    return ok;
  }
}

async function identityOf(paths: string[]): Promise<string | null> {
  try {
    const stats = await Promise.all(paths.map((path) => stat(path, { bigint: true })));
    return stats.map((s) => `${s.ino}:${s.size}:${s.mtimeNs}`).join('|');
  } catch {
    return null;
  }
}

export async function verifyDataDir(dataDir: string, acks: readonly Ack[], cache = new VerifyCache()): Promise<Verdict> {
  const problems: string[] = [];
  const temps: string[] = [];
  const files = await walk(dataDir);
  for (const file of files) {
    const name = basename(file);
    const shown = relative(dataDir, file);
    if (ATOMIC_TEMP_PATTERN.test(name)) temps.push(file);
    else if (name.includes('.corrupt-')) problems.push(`${shown}: a store found its file unreadable and set it aside`);
    else if (name.endsWith('.json')) {
      await cache.once(`parse:${file}`, [file], async () => {
        try {
          JSON.parse(await readFile(file, 'utf8'));
          return true;
        } catch (error) {
          problems.push(`${shown} does not parse: ${(error as Error).message}`);
          return false;
        }
      });
    } else if (name === 'main.log' || name === CATALOG_FILE) {
      const lines = (await readFile(file, 'utf8')).split('\n').filter(Boolean);
      const torn = lines.findIndex((line) => !isJson(line));
      if (torn >= 0) problems.push(`${shown} line ${torn + 1} is not a whole JSON line`);
    }
  }
  problems.push(...(await checkLinks(dataDir, files, cache)));
  problems.push(...(await checkAcks(dataDir, acks, cache)));
  return { problems, files: files.length, temps };
}

/** What the app relies on between files: a summary has its response, a description its bytes, a job its result. */
async function checkLinks(dataDir: string, files: string[], cache: VerifyCache): Promise<string[]> {
  const problems: string[] = [];
  const workspace = join(dataDir, 'workspace');
  for (const file of files) {
    const rel = relative(workspace, file);
    const summary = /^results\/(.+)\.info\.json$/.exec(rel);
    if (summary && !existsSync(join(workspace, 'results', `${summary[1]}.json`)))
      problems.push(`result ${summary[1]} has a summary but no response`);
    const description = /^documents\/([^/]+)\/document\.json$/.exec(rel);
    if (description) {
      const original = join(workspace, 'documents', description[1]!, 'original');
      if (!existsSync(original)) problems.push(`document ${description[1]} has a description but no bytes`);
      else if (
        !(await cache.once(`bytes:${original}`, [original], async () => sha256(await readFile(original)).startsWith(description[1]!)))
      ) {
        problems.push(`document ${description[1]}'s bytes do not match its id`);
      }
    }
  }
  const logger = createLogger(null, { console: false });
  for (const record of await jobRecordsIn(workspace, logger).list()) {
    if (record.resultId && !existsSync(join(workspace, 'results', `${record.resultId}.info.json`)))
      problems.push(`job ${record.jobId} points at result ${record.resultId}, which is missing`);
  }
  return problems;
}

async function checkAcks(dataDir: string, acks: readonly Ack[], cache: VerifyCache): Promise<string[]> {
  const problems: string[] = [];
  const logger = createLogger(null, { console: false });
  const notices = new Notices();
  const workspace = new Workspace(dataDir, logger);
  const reviews = new Reviews(workspace);
  const settings = await createSettingsStore(dataDir, { logger, notices }).read();
  const datasets = await new ProjectRegistry(dataDir, { logger, notices }).read();
  const records = jobRecordsIn(workspace.root, logger);
  for (const notice of notices.all()) problems.push(`start-up notice: ${notice.message}`);

  const settingsCounter = settings.jobs?.pageWarningLimit ?? 0;
  const keyIds = new Set(settings.keys.map((k) => k.id));
  const projectIds = new Set(datasets.projects.map((p) => p.id));
  const reviewCache = new Map<string, Awaited<ReturnType<Reviews['get']>>>();
  const trailCache = new Map<string, Set<string>>();
  /** "path value" of every decision the extraction's document's audit trail records. */
  const trailOf = async (extractionId: string): Promise<Set<string>> => {
    let trail = trailCache.get(extractionId);
    if (!trail) {
      const documentId = (await workspace.resultInfo(extractionId))?.documentId;
      const entries = documentId ? await wholeTrail(reviews, documentId, problems).catch(() => []) : [];
      trail = new Set(entries.filter((e) => e.resultId === extractionId && e.saved).map((e) => `${e.path} ${e.after?.value}`));
      trailCache.set(extractionId, trail);
    }
    return trail;
  };
  const latestDecision = new Map(acks.flatMap((a) => (a.op === 'review' ? [[`${a.extractionId} ${a.path}`, a.value] as const] : [])));
  for (const ack of acks) {
    const lost = (what: string) => problems.push(`acknowledged ${ack.op} lost: ${what}`);
    switch (ack.op) {
      case 'document': {
        const dir = join(workspace.root, 'documents', ack.id);
        const whole = await cache.once(`ack:document:${ack.id}`, [join(dir, 'original'), join(dir, 'document.json')], async () => {
          const bytes = await workspace.documentBytes(ack.id).catch(() => null);
          return bytes !== null && sha256(bytes) === ack.sha256 && (await workspace.documentInfo(ack.id).catch(() => null)) !== null;
        });
        if (!whole) lost(`document ${ack.id}`);
        break;
      }
      case 'result': {
        const file = join(workspace.root, 'results', ack.id);
        const whole = await cache.once(`ack:result:${ack.id}`, [`${file}.json`, `${file}.info.json`], async () => {
          const stored = await workspace.resultText(ack.id).catch(() => null);
          return stored !== null && stored.kind === ack.kind && sha256(stored.responseJson) === ack.sha256;
        });
        if (!whole) lost(`result ${ack.id}`);
        break;
      }
      case 'review': {
        let review = reviewCache.get(ack.extractionId);
        if (!review) {
          review = await reviews.get(ack.extractionId).catch(() => undefined);
          if (review) reviewCache.set(ack.extractionId, review);
        }
        // A later acknowledged decision on the same field replaces this one in the review (not in the trail).
        if (latestDecision.get(`${ack.extractionId} ${ack.path}`) === ack.value && review?.fields[ack.path]?.correctedValue !== ack.value)
          lost(`decision ${ack.path} on ${ack.extractionId}`);
        if (!(await trailOf(ack.extractionId)).has(`${ack.path} ${ack.value}`)) lost(`audit entry of ${ack.path} on ${ack.extractionId}`);
        break;
      }
      case 'settings':
        if (settingsCounter < ack.counter) lost(`settings change ${ack.counter} (file has ${settingsCounter})`);
        break;
      case 'key':
        if (!keyIds.has(ack.id)) lost(`key ${ack.name}`);
        break;
      case 'project':
        if (!projectIds.has(ack.id)) lost(`project ${ack.id}`);
        break;
      case 'job': {
        const record = await records.read(ack.jobId);
        if (!record) lost(`job record ${ack.jobId}`);
        else if (ack.status === 'completed' && (record.status !== 'completed' || record.resultId !== ack.resultId))
          lost(`completion of job ${ack.jobId} (record says ${record.status})`);
        break;
      }
    }
  }
  // Listing must show every acknowledged result once, as the Library would.
  const listed = new Set((await workspace.library()).flatMap((entry) => entry.results.map((r) => r.id)));
  for (const ack of acks)
    if (ack.op === 'result' && !listed.has(ack.id)) problems.push(`acknowledged result ${ack.id} is not listed in the library`);
  return problems;
}

async function walk(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await walk(path)));
    else if (entry.isFile()) out.push(path);
  }
  return out;
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** Every entry of a document's trail, page by page. */
/** A document's whole trail; where its chain breaks is added to `breaks` (a crash must never read as a change by hand). */
async function wholeTrail(reviews: Reviews, documentId: string, breaks: string[]): Promise<AuditEntryView[]> {
  const entries: AuditEntryView[] = [];
  let before: number | undefined;
  do {
    const page = await reviews.history(documentId, { limit: MAX_AUDIT_PAGE, ...(before === undefined ? {} : { before }) });
    for (const line of page.entries) {
      if (line.breaks?.length) breaks.push(`audit trail of ${documentId} reads as changed: ${line.breaks.join(', ')}`);
      if (!('unreadable' in line)) entries.push(line);
    }
    before = page.next ?? undefined;
  } while (before !== undefined);
  return entries;
}
