import type { DragEvent, KeyboardEvent, MouseEvent } from 'react';
import type { MediaItem } from '../../shared/datasets/registry.js';
import { useRef, useState } from 'react';
import { MEDIA_DRAG_TYPE, readDraggedValue, VALUE_DRAG_TYPE } from './dragTypes.js';
import { useOnScreen, useThumbnail } from './useThumbnail.js';

interface Props {
  projectId: number;
  media: MediaItem;
  selected: boolean;
  pending: { name: string; value: string }[];
  onClick(event: MouseEvent): void;
  onKeyDown(event: KeyboardEvent): void;
  onDragStart(event: DragEvent): void;
  onDragEnd(): void;
  /** A value chip dropped on this tile. */
  onValueDrop(value: { name: string; value: string }): void;
}

function show(value: unknown): string {
  return Array.isArray(value)
    ? value.map(String).join(', ')
    : typeof value === 'object' && value !== null
      ? JSON.stringify(value)
      : String(value);
}

/** One media on the board: thumbnail, name, id, its metadata now and what is pending for it. */
export function MediaTile({ projectId, media, selected, pending, onClick, onKeyDown, onDragStart, onDragEnd, onValueDrop }: Props) {
  const [valueOver, setValueOver] = useState(false);
  const tileRef = useRef<HTMLDivElement>(null);
  const thumb = useThumbnail(projectId, media.mediaId, !!media.imagePath, useOnScreen(tileRef));
  const current = Object.entries(media.metadata);
  return (
    <div
      ref={tileRef}
      className={`media-tile${selected ? ' selected' : ''}${valueOver ? ' value-over' : ''}`}
      data-testid="media-tile"
      data-media-id={media.mediaId}
      data-selected={selected ? 'true' : 'false'}
      data-pending={pending.length > 0 ? 'true' : undefined}
      role="option"
      aria-selected={selected}
      tabIndex={0}
      draggable
      onClick={onClick}
      onKeyDown={onKeyDown}
      onDragStart={(e) => {
        e.dataTransfer.effectAllowed = 'copy';
        onDragStart(e);
        if (!e.dataTransfer.types.includes(MEDIA_DRAG_TYPE)) e.dataTransfer.setData(MEDIA_DRAG_TYPE, String(media.mediaId));
      }}
      onDragEnd={onDragEnd}
      onDragOver={(e) => {
        if (!e.dataTransfer.types.includes(VALUE_DRAG_TYPE)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'copy';
        if (!valueOver) setValueOver(true);
      }}
      onDragLeave={() => setValueOver(false)}
      onDrop={(e) => {
        if (!e.dataTransfer.types.includes(VALUE_DRAG_TYPE)) return;
        e.preventDefault();
        setValueOver(false);
        const value = readDraggedValue(e.dataTransfer);
        if (value) onValueDrop(value);
      }}
    >
      <div className="media-thumb">
        {thumb && thumb !== 'error' ? (
          <img src={thumb} alt="" draggable={false} />
        ) : (
          <span className="media-thumb-none">{thumb === 'error' ? 'image unreadable' : media.imagePath ? '…' : 'no image'}</span>
        )}
      </div>
      <div className="media-name" title={media.fileName ?? ''}>
        {media.fileName ?? <span className="muted">(no file name)</span>}
      </div>
      <div className="media-id mono">#{media.mediaId}</div>
      {current.length > 0 || pending.length > 0 ? (
        <ul className="media-meta">
          {current.map(([name, value]) => (
            <li key={`c-${name}`} data-testid="media-meta" data-metadata={name}>
              {name}: {show(value)}
            </li>
          ))}
          {pending.map((p) => (
            <li key={`p-${p.name}-${p.value}`} className="pending" data-testid="media-pending" data-metadata={p.name} data-value={p.value}>
              + {p.name}: {p.value}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
