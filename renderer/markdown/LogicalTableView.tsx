import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { logicalTableCsv, type LogicalCell, type LogicalRow, type LogicalTable } from '../../shared/grounding/logicalTables.js';
import { downloadText } from '../state/download.js';
import { useReviewStore } from '../state/review/reviewStore.js';

/** Where the keyboard is in the grid: row 0 is the header, then the data rows. */
interface Place {
  row: number;
  col: number;
}

/**
 * A table that crosses pages shown as one: the header once, every row in order with the page
 * it is printed on, a line where the table goes on to the next page. Each cell selects its own
 * node (the viewer goes to its page and lights its box); arrows, Home/End and PageUp/PageDown
 * move between cells and select as they go; Esc goes back to the Markdown.
 */
export function LogicalTableView({ table, documentName, onClose }: { table: LogicalTable; documentName: string; onClose: () => void }) {
  const selection = useReviewStore((s) => s.selection);
  const selectNode = useReviewStore((s) => s.selectNode);
  const grid = useMemo(() => [table.header, ...table.rows], [table]);
  const selected = useMemo(() => new Set(selection?.nodeIds ?? []), [selection]);
  const [focus, setFocus] = useState<Place>(() => placeOf(grid, selection?.nodeIds ?? []) ?? { row: 0, col: 0 });
  const cellRefs = useRef(new Map<string, HTMLTableCellElement>());
  // The grid takes the keyboard when it opens, and keeps it as the arrows move.
  const wantFocus = useRef(true);

  // A selection made elsewhere (a box on the page) that is one of this table's cells moves the keyboard there.
  const [seenSelection, setSeenSelection] = useState(selection);
  if (seenSelection !== selection) {
    setSeenSelection(selection);
    const place = placeOf(grid, selection?.nodeIds ?? []);
    if (place) setFocus(place);
  }

  useEffect(() => {
    if (!wantFocus.current) return;
    wantFocus.current = false;
    cellRefs.current.get(`${focus.row}:${focus.col}`)?.focus();
  }, [focus]);

  const pages = table.parts.map((p) => p.page);
  const exportCsv = () =>
    downloadText(
      `${documentName.replace(/\.[^.]+$/, '')}-table-p${pages[0]}-${pages[pages.length - 1]}.csv`,
      'text/csv',
      logicalTableCsv(table),
    );

  const moveTo = (place: Place) => {
    const row = Math.max(0, Math.min(grid.length - 1, place.row));
    const cell = cellAt(grid, row, Math.max(0, Math.min(table.columnCount - 1, place.col)));
    // A slot covered by a cell spanning columns is that cell's.
    const col = cell ? cell.col : Math.max(0, Math.min(table.columnCount - 1, place.col));
    wantFocus.current = true;
    setFocus({ row, col });
    if (cell) selectNode(cell.nodeId);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const { row, col } = focus;
    const page = 10;
    const moves: Record<string, Place> = {
      ArrowUp: { row: row - 1, col },
      ArrowDown: { row: row + 1, col },
      ArrowLeft: { row, col: col - 1 },
      ArrowRight: { row, col: col + (cellAt(grid, row, col)?.colspan ?? 1) },
      Home: { row, col: 0 },
      End: { row, col: table.columnCount - 1 },
      PageUp: { row: row - page, col },
      PageDown: { row: row + page, col },
    };
    const to = moves[event.key];
    if (to) moveTo(to);
    else if (event.key === 'Enter' || event.key === ' ') {
      const cell = cellAt(grid, row, col);
      if (cell) selectNode(cell.nodeId);
    } else if (event.key === 'Escape') onClose();
    else return;
    // Handled here: the workspace's own keys (↓ next node, Esc clear) stay out of it.
    event.preventDefault();
    event.stopPropagation();
  };

  // `spanned`: the slot is covered by a cell of a row above (rowspan), shown faint; a click selects that one cell.
  const renderCell = (cell: LogicalCell | null, rowIndex: number, col: number, header: boolean, spanned = false) => {
    const Tag = header ? 'th' : 'td';
    const focused = focus.row === rowIndex && focus.col === col;
    if (!cell)
      return (
        <Tag
          key={col}
          ref={(el) => void (el ? cellRefs.current.set(`${rowIndex}:${col}`, el) : cellRefs.current.delete(`${rowIndex}:${col}`))}
          tabIndex={focused ? 0 : -1}
          className="lt-cell empty"
          onFocus={() => setFocus({ row: rowIndex, col })}
        />
      );
    return (
      <Tag
        key={col}
        ref={(el) => void (el ? cellRefs.current.set(`${rowIndex}:${col}`, el) : cellRefs.current.delete(`${rowIndex}:${col}`))}
        tabIndex={focused ? 0 : -1}
        colSpan={cell.colspan > 1 ? cell.colspan : undefined}
        className={spanned ? 'lt-cell spanned' : 'lt-cell'}
        data-testid={spanned ? 'lt-cell-spanned' : 'lt-cell'}
        data-node-id={cell.nodeId}
        data-page={cell.page ?? undefined}
        data-selected={selected.has(cell.nodeId) ? 'true' : undefined}
        aria-selected={selected.has(cell.nodeId)}
        title={
          spanned
            ? `Continues the cell above (it spans ${cell.rowspan} rows) · page ${cell.page ?? '?'} · ${cell.nodeId}`
            : `Page ${cell.page ?? '?'} · ${cell.nodeId}`
        }
        onClick={() => {
          setFocus({ row: rowIndex, col });
          selectNode(cell.nodeId);
        }}
        onFocus={() => setFocus({ row: rowIndex, col })}
      >
        {cell.text}
      </Tag>
    );
  };

  const renderRow = (row: LogicalRow, rowIndex: number) => {
    const cells = [];
    // A cell spanning columns covers the slots after it.
    for (let col = 0; col < table.columnCount; col++) {
      const own = row.cells[col] ?? null;
      const cell = own ?? row.spannedFrom[col] ?? null;
      cells.push(renderCell(cell, rowIndex, col, rowIndex === 0, own === null && cell !== null));
      if (cell && cell.colspan > 1) col += cell.colspan - 1;
    }
    return cells;
  };

  return (
    <div className="lt-view" data-testid="logical-table" data-table-id={table.id}>
      <div className="panel-toolbar lt-toolbar">
        <button type="button" onClick={onClose} data-testid="logical-table-close" title="Back to the Markdown (Esc)">
          ← Markdown
        </button>
        <span className="lt-summary" data-testid="logical-table-summary">
          One table across pages {pages.join(', ')} · {table.rows.length} rows · {table.columnCount} columns
        </span>
        <button type="button" onClick={exportCsv} data-testid="logical-table-csv" title="The header once, then every row in order">
          Export CSV
        </button>
      </div>
      <div className="lt-scroll">
        <table className="lt-table" role="grid" aria-label={`Table across pages ${pages.join(', ')}`} onKeyDown={onKeyDown}>
          <thead>
            <tr data-testid="lt-header" data-page={table.header.page}>
              <th className="lt-page" scope="col" title="The page each row is printed on">
                p.
              </th>
              {renderRow(table.header, 0)}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row, k) => {
              const part = table.parts.find((p) => p.tableId === row.tableId);
              const firstOfPart = k === 0 || table.rows[k - 1]!.tableId !== row.tableId;
              const note =
                firstOfPart && part && part.join !== 'first'
                  ? part.join === 'repeated_header'
                    ? `Page ${row.page}: the header row repeated there is shown once, above`
                    : `Page ${row.page}: the table goes on without a header row`
                  : null;
              return [
                note ? (
                  <tr key={`break-${row.tableId}`} className="lt-page-break" data-testid="lt-page-break" data-page={row.page}>
                    <td colSpan={table.columnCount + 1}>{note}</td>
                  </tr>
                ) : null,
                <tr key={`${row.tableId}:${row.sourceRow}`} data-testid="lt-row" data-page={row.page}>
                  <th className="lt-page" scope="row">
                    {row.page}
                  </th>
                  {renderRow(row, k + 1)}
                </tr>,
              ];
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function cellAt(grid: readonly LogicalRow[], row: number, col: number): LogicalCell | null {
  const cells = grid[row]?.cells ?? [];
  const spanned = grid[row]?.spannedFrom ?? [];
  // A slot covered by a cell spanning columns (or rows, from above) belongs to that cell.
  for (let c = col; c >= 0; c--) {
    const cell = cells[c] ?? spanned[c];
    if (cell) return c + cell.colspan > col ? cell : null;
  }
  return null;
}

function placeOf(grid: readonly LogicalRow[], nodeIds: readonly string[]): Place | null {
  if (nodeIds.length === 0) return null;
  for (let row = 0; row < grid.length; row++) {
    const col = grid[row]!.cells.findIndex((cell) => cell !== null && nodeIds.includes(cell.nodeId));
    if (col >= 0) return { row, col };
  }
  return null;
}
