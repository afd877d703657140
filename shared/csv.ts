/**
 * CSV as the app writes it (the review export, a table's export): RFC 4180 quoting, CRLF line
 * ends, and no cell a spreadsheet would run as a formula.
 */

/** RFC 4180 quoting; text starting with = + - @ (not a plain number) gets a leading ' so a spreadsheet never runs it as a formula. */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text) && !/^[+-]?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Lines of cells as one CSV file, each line ended by CRLF. */
export function csvText(lines: readonly (readonly unknown[])[]): string {
  return lines.map((line) => `${line.map(csvCell).join(',')}\r\n`).join('');
}
