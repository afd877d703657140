import { csvText } from '../../shared/csv.js';
import {
  CHAIN_BREAK_WORDS,
  type AuditEntryView,
  type AuditExport,
  type AuditUnreadableLine,
  type ChainVerdict,
} from '../../shared/ipc/audit.js';

const HEADER = [
  'time',
  'user',
  'document',
  'result',
  'field',
  'action',
  'status before',
  'value before',
  'note before',
  'status after',
  'value after',
  'note after',
  'failing rules',
  'saved',
  'rules hash',
  'chain',
];

/**
 * A document's trail as CSV, oldest first (the order it was written), each entry saying whether
 * its save landed, the hash of the rules in force, and whether its chain holds (where it
 * breaks, in words), a line that is not an entry as a row saying so, cells defused against
 * formulas as every export is.
 */
export function auditCsv(documentName: string, entries: readonly (AuditEntryView | AuditUnreadableLine)[]): AuditExport {
  const rows = entries.map((e) =>
    'unreadable' in e
      ? unreadableRow(e)
      : [
          e.at,
          e.user,
          e.documentId,
          e.resultId,
          e.path,
          e.action,
          e.before?.status ?? '',
          e.before?.value ?? '',
          e.before?.note ?? '',
          e.after?.status ?? '',
          e.after?.value ?? '',
          e.after?.note ?? '',
          e.rules?.join('; ') ?? '',
          e.saved ? 'yes' : 'no (the save did not finish)',
          e.rulesHash === null ? 'rules unreadable' : (e.rulesHash ?? ''),
          chainCell(e),
        ],
  );
  return { fileName: `${documentName.replace(/\.[^.]+$/, '')}-audit.csv`, mime: 'text/csv', content: csvText([HEADER, ...rows]) };
}

function unreadableRow(line: AuditUnreadableLine): string[] {
  const row = HEADER.map(() => '');
  row[HEADER.indexOf('action')] = `unreadable line (${line.bytes} bytes at byte ${line.start})`;
  if (line.breaks) row[HEADER.indexOf('chain')] = chainCell(line);
  return row;
}

/** What the chain says of a line, in the words History uses. */
function chainCell(line: ChainVerdict): string {
  if (line.breaks?.length) return `broken: ${line.breaks.map((b) => CHAIN_BREAK_WORDS[b]).join(' ')}`;
  return line.unchained ? 'written before entries were chained' : 'intact';
}
