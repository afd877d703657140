import { useEffect, useMemo, useRef, useState, type ChangeEvent, type DragEvent, type KeyboardEvent, type PointerEvent } from 'react';
import { pendingByMedia } from '../../shared/datasets/pending.js';
import type { MediaListProblem, ProjectEntry } from '../../shared/datasets/registry.js';
import { ErrorMessage } from '../components/ErrorMessage.js';
import { isTyping } from '../dom/isTyping.js';
import { useFormAction } from '../components/useFormAction.js';
import { requireApi } from '../ipc/client.js';
import { useBoardStore } from './boardStore.js';
import { useDatasetsStore } from './datasetsStore.js';
import { ImageFolders } from './ImageFolders.js';
import { carriesFiles, filesOfDrop, filesOfInput, unreadableDrop, type DroppedFile } from './droppedFiles.js';
import { ImageDropPanel } from './ImageDropPanel.js';
import { MEDIA_DRAG_TYPE } from './dragTypes.js';
import { MediaTile } from './MediaTile.js';
import { numberedChoices } from './valueKeys.js';
import { PendingPreview } from './PendingPreview.js';
import { ValueChips } from './ValueChips.js';

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  additive: boolean;
  base: Set<number>;
  /** Where the grid's content origin was on screen at the start (rect minus scroll). */
  ox: number;
  oy: number;
}

/** The media board: import media, select many (click, shift, ctrl/cmd, box), drag onto values, preview, apply. */
export function MediaBoard({ project }: { project: ProjectEntry }) {
  const board = useBoardStore();
  const put = useDatasetsStore((s) => s.put);
  const [filter, setFilter] = useState('');
  const [pasted, setPasted] = useState('');
  const [problems, setProblems] = useState<MediaListProblem[]>([]);
  const [importNote, setImportNote] = useState<string | null>(null);
  const { error, setError, run } = useFormAction();
  const [box, setBox] = useState<Box | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const gridRef = useRef<HTMLDivElement>(null);
  // Kept with the project it was dropped on: another project shown does not inherit it.
  // Each drop is numbered, so a new drop starts its panel afresh.
  const [drop, setDrop] = useState<{ projectId: number; files: DroppedFile[]; seq: number } | null>(null);
  const dropped = drop?.projectId === project.id ? drop : null;
  const setDropped = (files: DroppedFile[] | null) =>
    setDrop((last) => (files ? { projectId: project.id, files, seq: (last?.seq ?? 0) + 1 } : null));
  const [fileOver, setFileOver] = useState(false);
  const { forProject } = board;

  useEffect(() => {
    forProject(project.id);
  }, [project.id, forProject]);
  // Notes about another project's board do not carry over (reset while rendering the new one).
  const [notesFor, setNotesFor] = useState(project.id);
  if (notesFor !== project.id) {
    setNotesFor(project.id);
    setNote(null);
    setImportNote(null);
    setProblems([]);
  }

  // Image files (or folders) dropped from outside the page; media dragged on the board are not files.
  const fileDrop = {
    onDragOver: (e: DragEvent) => {
      if (!carriesFiles(e.dataTransfer)) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = 'copy';
      if (!fileOver) setFileOver(true);
    },
    onDragLeave: (e: DragEvent) => {
      if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFileOver(false);
    },
    onDrop: (e: DragEvent) => {
      if (!carriesFiles(e.dataTransfer)) return;
      e.preventDefault();
      setFileOver(false);
      filesOfDrop(e.dataTransfer).then(
        (files) => files.length > 0 && setDropped(files),
        (caught: unknown) => setError(unreadableDrop(caught)),
      );
    },
  };
  const pickFiles = (event: ChangeEvent<HTMLInputElement>) => {
    const files = filesOfInput(event.target.files);
    event.target.value = '';
    if (files.length > 0) setDropped(files);
  };

  const visible = useMemo(() => {
    const q = filter.trim().toLowerCase();
    if (!q) return project.media;
    return project.media.filter((m) => `${m.mediaId} ${m.fileName ?? ''} ${JSON.stringify(m.metadata)}`.toLowerCase().includes(q));
  }, [project.media, filter]);
  const order = useMemo(() => visible.map((m) => m.mediaId), [visible]);
  const pendingFor = useMemo(() => pendingByMedia(board.pending), [board.pending]);

  const afterImport = (result: { project: ProjectEntry; imported: number; added: number; problems: MediaListProblem[] }) => {
    put(result.project);
    setProblems(result.problems);
    setImportNote(
      `${result.imported} media read, ${result.added} new${result.problems.length ? `, ${result.problems.length} problem${result.problems.length === 1 ? '' : 's'}` : ''}.`,
    );
  };

  const importFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    await run(async () =>
      afterImport(await requireApi().datasets.importMedia({ projectId: project.id, fileName: file.name, text: await file.text() })),
    );
  };

  const addPasted = () =>
    run(async () => {
      afterImport(await requireApi().datasets.addMediaIds({ projectId: project.id, text: pasted }));
      setPasted('');
    });

  const assigned = (count: number, what: string) =>
    setNote(
      count > 0
        ? `${what} → ${count} media (pending)`
        : what.includes('type a value')
          ? what
          : 'Select media first (click, shift-click, ctrl/cmd-click or drag a box).',
    );

  const focusTile = (id: number | undefined) => {
    if (id === undefined) return;
    gridRef.current?.querySelector<HTMLElement>(`[data-media-id="${id}"]`)?.focus();
  };

  const tileKey = (id: number) => (e: KeyboardEvent) => {
    const index = order.indexOf(id);
    const columns = Math.max(1, Math.round((gridRef.current?.clientWidth ?? 600) / 170));
    const move: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: columns, ArrowUp: -columns };
    if (e.key === ' ' || e.key === 'Enter') {
      e.preventDefault();
      board.click(id, order, { shift: e.shiftKey, toggle: e.key === ' ' || e.ctrlKey || e.metaKey });
    } else if (move[e.key] !== undefined) {
      e.preventDefault();
      const next = order[Math.min(order.length - 1, Math.max(0, index + move[e.key]!))];
      if (next !== undefined && e.shiftKey) board.click(next, order, { shift: true, toggle: false });
      focusTile(next);
    }
  };

  const choices = useMemo(() => numberedChoices(project.metadata), [project.metadata]);
  const boardKey = (e: KeyboardEvent) => {
    const typing = isTyping(e.target);
    const choice = /^[1-9]$/.test(e.key) && !e.ctrlKey && !e.metaKey && !e.altKey && !typing ? choices[Number(e.key) - 1] : undefined;
    if (choice) {
      e.preventDefault();
      const what = `${choice.definition.name} = ${choice.value}`;
      assigned(board.assign(choice.definition.name, choice.value, choice.definition.allowMultiple), what);
    } else if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'a' && !typing) {
      e.preventDefault();
      board.setSelection(order);
    } else if (e.key === 'Escape' && !typing) board.clearSelection();
  };

  // Box select: a rubber band from empty space on the grid.
  const pointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0 || (e.target as HTMLElement).closest('[data-testid="media-tile"]')) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    // Keys (1–9, ctrl+A, Escape) act on what the box selects.
    e.currentTarget.focus({ preventScroll: true });
    const additive = e.shiftKey || e.ctrlKey || e.metaKey;
    const rect = e.currentTarget.getBoundingClientRect();
    const ox = rect.left - e.currentTarget.scrollLeft;
    const oy = rect.top - e.currentTarget.scrollTop;
    setBox({
      x0: e.clientX,
      y0: e.clientY,
      x1: e.clientX,
      y1: e.clientY,
      additive,
      base: additive ? new Set(board.selected) : new Set(),
      ox,
      oy,
    });
  };
  const pointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (!box) return;
    const next = { ...box, x1: e.clientX, y1: e.clientY };
    setBox(next);
    const [left, right] = [Math.min(next.x0, next.x1), Math.max(next.x0, next.x1)];
    const [top, bottom] = [Math.min(next.y0, next.y1), Math.max(next.y0, next.y1)];
    const hit = new Set(next.base);
    gridRef.current?.querySelectorAll<HTMLElement>('[data-testid="media-tile"]').forEach((tile) => {
      const r = tile.getBoundingClientRect();
      if (r.left < right && r.right > left && r.top < bottom && r.bottom > top) hit.add(Number(tile.dataset.mediaId));
    });
    board.setSelection(hit);
  };
  const pointerUp = () => {
    if (box && Math.abs(box.x1 - box.x0) < 4 && Math.abs(box.y1 - box.y0) < 4 && !box.additive) board.clearSelection();
    setBox(null);
  };

  return (
    <div className="board" onKeyDown={boardKey}>
      <div className={fileOver ? 'board-main files-over' : 'board-main'} data-testid="board-drop" {...fileDrop}>
        <div className="card board-toolbar">
          <label className="file-button" title="Or drop image files or a folder anywhere on the board">
            Add images…
            <input type="file" data-testid="images-pick" multiple accept="image/*,.csv,.json" onChange={pickFiles} />
          </label>
          <label className="file-button">
            Add a folder…
            <input type="file" data-testid="images-pick-folder" {...{ webkitdirectory: '' }} onChange={pickFiles} />
          </label>
          <label className="file-button" data-testid="media-import-button">
            Import media list (CSV / JSON)
            <input
              type="file"
              data-testid="media-import"
              accept=".csv,.json,text/csv,application/json"
              onChange={(e) => void importFile(e)}
            />
          </label>
          <input
            className="board-paste"
            data-testid="media-ids"
            placeholder="or paste media ids: 101, 102 …"
            value={pasted}
            onChange={(e) => setPasted(e.target.value)}
            onKeyDown={(e) => e.key === 'Enter' && void addPasted()}
          />
          <button type="button" data-testid="media-ids-add" disabled={!pasted.trim()} onClick={() => void addPasted()}>
            Add ids
          </button>
          <span className="ds-spacer" />
          <input
            className="board-filter"
            placeholder="Filter"
            aria-label="Filter media"
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
          />
          <ImageFolders />
        </div>
        {importNote ? (
          <div className="small board-import-note" data-testid="import-note">
            {importNote}
            {problems.length > 0 ? (
              <ul className="import-problems" data-testid="import-problems">
                {problems.slice(0, 50).map((p, i) => (
                  <li key={i}>
                    {p.line !== undefined ? `Line ${p.line}` : p.item !== undefined ? `Item ${p.item}` : 'File'}: {p.message}
                  </li>
                ))}
                {problems.length > 50 ? <li>… and {problems.length - 50} more</li> : null}
              </ul>
            ) : null}
          </div>
        ) : null}
        {dropped ? <ImageDropPanel key={dropped.seq} project={project} dropped={dropped.files} onClose={() => setDropped(null)} /> : null}
        <ErrorMessage error={error} onDismiss={() => setError(null)} />
        <div className="board-status small" data-testid="selection-count" aria-live="polite">
          <strong>{board.selected.size}</strong> of {project.media.length} selected
          {board.selected.size > 0 ? (
            <button type="button" className="link" onClick={board.clearSelection}>
              clear
            </button>
          ) : null}
          <span className="muted">
            {' '}
            · click, shift-click, ctrl/cmd-click, drag a box; ctrl+A all; arrows + space by keyboard; 1–9 give the numbered value
          </span>
        </div>
        <div
          ref={gridRef}
          className="media-grid"
          data-testid="media-grid"
          role="listbox"
          aria-multiselectable
          aria-label="Media"
          tabIndex={-1}
          onPointerDown={pointerDown}
          onPointerMove={pointerMove}
          onPointerUp={pointerUp}
          onPointerCancel={() => setBox(null)}
        >
          {visible.length === 0 ? (
            <p className="muted board-empty">
              {project.media.length === 0
                ? 'No media yet: drop images or a folder here (ids from the file names), import a media list or paste media ids.'
                : 'No media match the filter.'}
            </p>
          ) : null}
          {visible.map((m) => (
            <MediaTile
              key={m.mediaId}
              projectId={project.id}
              media={m}
              selected={board.selected.has(m.mediaId)}
              pending={pendingFor.get(m.mediaId) ?? []}
              onClick={(e) => board.click(m.mediaId, order, { shift: e.shiftKey, toggle: e.ctrlKey || e.metaKey })}
              onKeyDown={tileKey(m.mediaId)}
              onDragStart={(e) => {
                const state = useBoardStore.getState();
                let ids = [m.mediaId];
                if (state.selected.has(m.mediaId)) ids = order.filter((id) => state.selected.has(id));
                else state.setSelection([m.mediaId], m.mediaId);
                e.dataTransfer.setData(MEDIA_DRAG_TYPE, JSON.stringify(ids));
                e.dataTransfer.setData('text/plain', ids.join(','));
                state.setDragging(ids);
              }}
              onDragEnd={() => useBoardStore.getState().setDragging(null)}
              onValueDrop={({ name, value }) => {
                const definition = project.metadata.find((d) => d.name === name);
                if (!definition) return;
                // On a selected tile the value goes to the whole selection; on another, to that media alone.
                const state = useBoardStore.getState();
                const ids = state.selected.has(m.mediaId) ? order.filter((id) => state.selected.has(id)) : [m.mediaId];
                assigned(board.assign(name, value, definition.allowMultiple, ids), `${name} = ${value}`);
              }}
            />
          ))}
          {box ? (
            <div
              className="select-box"
              data-testid="select-box"
              style={{
                left: Math.min(box.x0, box.x1) - box.ox,
                top: Math.min(box.y0, box.y1) - box.oy,
                width: Math.abs(box.x1 - box.x0),
                height: Math.abs(box.y1 - box.y0),
              }}
            />
          ) : null}
        </div>
      </div>
      <aside className="board-side">
        <section className="card">
          <h3>Values</h3>
          <p className="muted small">
            Drop the selection on a value, or press its number. Keyboard: select media, Tab to a value, press Enter or a.
          </p>
          <p className="muted small" data-testid="board-no-tags">
            Only metadata values can be put on media: the contract shows no way to attach a tag to an image, so tags are not offered here.
          </p>
          <ValueChips definitions={project.metadata} onAssigned={assigned} />
          {note ? (
            <p className="small board-note" data-testid="assign-note" aria-live="polite">
              {note}
            </p>
          ) : null}
        </section>
        <section className="card">
          <PendingPreview project={project} />
        </section>
      </aside>
    </div>
  );
}
