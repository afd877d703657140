import { csvText } from '../../shared/csv.js';
import type { AuditEntryView, AuditExport, AuditUnreadableLine } from '../../shared/ipc/audit.js';

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
];

/**
 * A document's trail as CSV, oldest first (the order it was written), each entry saying whether
 * its save landed, a line that is not an entry as a row saying so, cells defused against
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
        ],
  );
  return { fileName: `${documentName.replace(/\.[^.]+$/, '')}-audit.csv`, mime: 'text/csv', content: csvText([HEADER, ...rows]) };
}

function unreadableRow(line: AuditUnreadableLine): string[] {
  const row = HEADER.map(() => '');
  row[HEADER.indexOf('action')] = `unreadable line (${line.bytes} bytes at byte ${line.start})`;
  return row;
}
