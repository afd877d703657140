import { useState, type DragEvent, type KeyboardEvent } from 'react';
import type { MetadataDefinition } from '../../shared/contracts/v1Datasets.js';
import { useBoardStore } from './boardStore.js';
import { MEDIA_DRAG_TYPE, readDraggedIds, VALUE_DRAG_TYPE } from './dragTypes.js';
import { numberedChoices } from './valueKeys.js';

/** Handlers that make an element accept media dropped from the board. */
function useDropTarget(onDrop: (ids: number[]) => void) {
  const [over, setOver] = useState(false);
  const accepts = (e: DragEvent) => useBoardStore.getState().dragging !== null || e.dataTransfer.types.includes(MEDIA_DRAG_TYPE);
  return {
    over,
    handlers: {
      onDragEnter: (e: DragEvent) => {
        if (!accepts(e)) return;
        e.preventDefault();
        setOver(true);
      },
      onDragOver: (e: DragEvent) => {
        if (!accepts(e)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'copy';
        if (!over) setOver(true);
      },
      onDragLeave: () => setOver(false),
      onDrop: (e: DragEvent) => {
        e.preventDefault();
        setOver(false);
        const ids = readDraggedIds(e.dataTransfer, useBoardStore.getState().dragging);
        useBoardStore.getState().setDragging(null);
        if (ids.length > 0) onDrop(ids);
      },
    },
  };
}

function Chip({
  definition,
  value,
  numberKey,
  onAssigned,
}: {
  definition: MetadataDefinition;
  value: string;
  numberKey: number | undefined;
  onAssigned(count: number, what: string): void;
}) {
  const assign = useBoardStore((s) => s.assign);
  const selectedCount = useBoardStore((s) => s.selected.size);
  const what = `${definition.name} = ${value}`;
  const drop = useDropTarget((ids) => onAssigned(assign(definition.name, value, definition.allowMultiple, ids), what));
  const fromSelection = () => onAssigned(assign(definition.name, value, definition.allowMultiple), what);
  return (
    <button
      type="button"
      className={drop.over ? 'value-chip over' : 'value-chip'}
      data-testid="value-chip"
      data-metadata={definition.name}
      data-value={value}
      title={
        selectedCount > 0
          ? `Give ${what} to the ${selectedCount} selected media (${numberKey ? `key ${numberKey}, ` : ''}Enter or a)`
          : `Drop media here, or select media and press ${numberKey ? `${numberKey}` : 'Enter'}`
      }
      onClick={fromSelection}
      draggable
      onDragStart={(e) => {
        // The other way round: the chip dropped on the selection (or on one media).
        e.dataTransfer.effectAllowed = 'copy';
        e.dataTransfer.setData(VALUE_DRAG_TYPE, JSON.stringify({ name: definition.name, value }));
      }}
      onKeyDown={(e: KeyboardEvent) => {
        if (e.key === 'a' && !e.ctrlKey && !e.metaKey && !e.altKey) {
          e.preventDefault();
          fromSelection();
        }
      }}
      {...drop.handlers}
    >
      {numberKey ? (
        <kbd className="value-key" aria-hidden>
          {numberKey}
        </kbd>
      ) : null}
      {value}
    </button>
  );
}

function FreeValue({ definition, onAssigned }: { definition: MetadataDefinition; onAssigned(count: number, what: string): void }) {
  const assign = useBoardStore((s) => s.assign);
  const [text, setText] = useState('');
  const what = `${definition.name} = ${text.trim()}`;
  const drop = useDropTarget((ids) => {
    if (!text.trim()) onAssigned(0, `${definition.name}: type a value first`);
    else onAssigned(assign(definition.name, text.trim(), definition.allowMultiple, ids), what);
  });
  const fromSelection = () =>
    text.trim()
      ? onAssigned(assign(definition.name, text.trim(), definition.allowMultiple), what)
      : onAssigned(0, `${definition.name}: type a value first`);
  return (
    <span className={drop.over ? 'value-free over' : 'value-free'} {...drop.handlers}>
      <input
        data-testid="value-free"
        data-metadata={definition.name}
        placeholder="any value — type, then drop media here"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            fromSelection();
          }
        }}
      />
      <button type="button" data-testid="value-free-assign" data-metadata={definition.name} onClick={fromSelection}>
        Give to selected
      </button>
    </span>
  );
}

/** Every metadata definition with its values as drop targets (and keyboard targets). */
export function ValueChips({
  definitions,
  onAssigned,
}: {
  definitions: MetadataDefinition[];
  onAssigned(count: number, what: string): void;
}) {
  const keys = new Map(numberedChoices(definitions).map((c) => [`${c.definition.id}\u0000${c.value}`, c.key]));
  if (definitions.length === 0) {
    return <p className="muted small">No metadata definitions yet: create one under “Tags & metadata” to annotate.</p>;
  }
  return (
    <div className="value-groups" role="group" aria-label="Metadata values">
      {definitions.map((d) => (
        <div key={d.id} className="value-group" data-testid="value-group" data-metadata={d.name}>
          <div className="value-group-name">
            {d.name}
            <span className="muted small">
              {d.allowMultiple ? ' · several values' : ' · one value'}
              {d.valueFlexible ? ' · any value' : ''}
            </span>
          </div>
          <div className="value-chips">
            {d.predefinedChoices.map((choice) => (
              <Chip key={choice} definition={d} value={choice} numberKey={keys.get(`${d.id}\u0000${choice}`)} onAssigned={onAssigned} />
            ))}
            {d.valueFlexible || d.predefinedChoices.length === 0 ? <FreeValue definition={d} onAssigned={onAssigned} /> : null}
          </div>
        </div>
      ))}
    </div>
  );
}
