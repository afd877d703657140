import type { AppError } from '../../shared/errors.js';

export type ItemStatus = 'ready' | 'queued' | 'running' | 'done' | 'failed' | 'cancelled';

export interface InferenceItem {
  name: string;
  url: string;
  bytes: Uint8Array<ArrayBuffer>;
  status: ItemStatus;
  result?: unknown;
  error?: AppError | undefined;
}

const STATUS_TEXT: Record<ItemStatus, string> = {
  ready: 'not run',
  queued: 'queued',
  running: 'running…',
  done: 'done',
  failed: 'failed',
  cancelled: 'cancelled',
};

/** The images of a batch with each one's status; choosing one shows it with its predictions. */
export function InferenceBatchList({
  items,
  selected,
  onSelect,
}: {
  items: InferenceItem[];
  selected: number;
  onSelect(index: number): void;
}) {
  return (
    <section className="card">
      <h3>Images ({items.length})</h3>
      <ul className="infer-batch" data-testid="infer-batch">
        {items.map((item, i) => (
          <li key={item.url}>
            <button
              type="button"
              className={i === selected ? 'infer-item active' : 'infer-item'}
              data-testid="infer-item"
              data-status={item.status}
              onClick={() => onSelect(i)}
            >
              <span className="infer-item-name">{item.name}</span>
              <span className={`ds-badge${item.status === 'done' ? ' active' : item.status === 'failed' ? ' inactive' : ''}`}>
                {STATUS_TEXT[item.status]}
              </span>
              {item.error ? <span className="field-error small">{item.error.message}</span> : null}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
