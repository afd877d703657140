import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { useAuditTrailStore } from '../../../../renderer/audit/auditTrailStore.js';
import { isAuditEntry, type AuditEntryView, type AuditPage } from '../../../../shared/ipc/audit.js';
import type { GroundworkApi } from '../../../../shared/ipc/table.js';
import { openRendererWindow, type RendererBridge } from '../../../support/rendererBridge.js';

// The History tab's store: the newest page of a document's trail, older pages on demand, and
// only the latest read shown when decisions come faster than main answers.
let bridge: RendererBridge;
let store: typeof useAuditTrailStore;
/** Each document's trail, newest first, as `audit:list` pages it. */
const trails = new Map<string, AuditEntryView[]>();
/** Reads of a document wait for its gate, when it has one. */
const gates = new Map<string, Promise<void>>();
/** Documents whose reads fail. */
const failing = new Set<string>();

const entry = (documentId: string, n: number): AuditEntryView => ({
  id: `${documentId}-${n}`,
  at: `2026-03-01T10:00:${String(n).padStart(2, '0')}Z`,
  user: 'reviewer',
  documentId,
  resultId: 'r1',
  path: 'total',
  action: 'accepted',
  before: null,
  after: { status: 'accepted', value: String(n) },
  saved: true,
});

function page(documentId: string, limit: number, before = 0): AuditPage {
  const trail = trails.get(documentId) ?? [];
  const end = before + limit;
  return { entries: trail.slice(before, end), next: end < trail.length ? end : null };
}

const gate = (documentId: string) => {
  let release!: () => void;
  gates.set(documentId, new Promise<void>((resolve) => (release = resolve)));
  return release;
};

beforeAll(async () => {
  const withTrails = (api: GroundworkApi): GroundworkApi => ({
    ...api,
    audit: {
      ...api.audit,
      list: async (request) => {
        const { documentId, limit, before } = request as { documentId: string; limit: number; before?: number };
        // The trail is read when asked; the answer may come late.
        const answer = failing.has(documentId)
          ? ({ ok: false, error: { code: 'audit_unreadable', message: 'The trail could not be read.' } } as const)
          : ({ ok: true, value: page(documentId, limit, before) } as const);
        await gates.get(documentId);
        return answer;
      },
    },
  });
  bridge = await openRendererWindow(withTrails);
  store = (await import('../../../../renderer/audit/auditTrailStore.js')).useAuditTrailStore;
});

afterAll(async () => {
  await bridge?.close();
});

beforeEach(() => {
  trails.clear();
  gates.clear();
  failing.clear();
  store.setState(store.getInitialState(), true);
});

const trail = (documentId: string, count: number) =>
  trails.set(
    documentId,
    Array.from({ length: count }, (_, i) => entry(documentId, count - i)),
  );
const ids = () => store.getState().entries.map((e) => (isAuditEntry(e) ? e.id : 'unreadable'));

describe('history store', () => {
  it('shows the newest page, then appends older pages until there are none', async () => {
    const { AUDIT_TRAIL_PAGE } = await import('../../../../renderer/audit/auditTrailStore.js');
    trail('doc-a', AUDIT_TRAIL_PAGE + 3);
    await store.getState().load('doc-a');
    expect(ids()).toHaveLength(AUDIT_TRAIL_PAGE);
    expect(ids()[0]).toBe(`doc-a-${AUDIT_TRAIL_PAGE + 3}`);
    expect(store.getState().next).toBe(AUDIT_TRAIL_PAGE);

    await store.getState().loadOlder();
    expect(ids()).toHaveLength(AUDIT_TRAIL_PAGE + 3);
    expect(ids().at(-1)).toBe('doc-a-1');
    expect(store.getState().next).toBeNull();
    expect(store.getState().loading).toBe(false);

    // Nothing older: a further ask reads nothing and changes nothing.
    const calls = bridge.calls.get('audit:list');
    await store.getState().loadOlder();
    expect(bridge.calls.get('audit:list')).toBe(calls);
    expect(ids()).toHaveLength(AUDIT_TRAIL_PAGE + 3);
  });

  it("another document's trail replaces the shown one at once, not when its answer comes", async () => {
    trail('doc-a', 2);
    trail('doc-b', 1);
    await store.getState().load('doc-a');
    const release = gate('doc-b');
    const loading = store.getState().load('doc-b');
    expect(store.getState()).toMatchObject({ documentId: 'doc-b', entries: [], loading: true });
    release();
    await loading;
    expect(ids()).toEqual(['doc-b-1']);
  });

  it('a slow answer to an earlier read is dropped when a later one was asked', async () => {
    trail('doc-a', 1);
    const releaseA = gate('doc-a');
    const stale = store.getState().load('doc-a');
    gates.delete('doc-a');
    trail('doc-a', 2);
    await store.getState().load('doc-a');
    expect(ids()).toEqual(['doc-a-2', 'doc-a-1']);
    // The first read's answer (made when the trail held one entry) comes last: still not shown,
    // and it does not turn the busy flag of the later read off or on.
    releaseA();
    await stale;
    expect(ids()).toEqual(['doc-a-2', 'doc-a-1']);
    expect(store.getState().loading).toBe(false);
  });

  it('a busy flag stays on while the latest read is under way, even when an earlier one ends first', async () => {
    trail('doc-a', 1);
    trail('doc-b', 1);
    const releaseB = gate('doc-b');
    const first = store.getState().load('doc-a');
    const latest = store.getState().load('doc-b');
    await first;
    expect(store.getState().loading).toBe(true);
    releaseB();
    await latest;
    expect(store.getState().loading).toBe(false);
    expect(ids()).toEqual(['doc-b-1']);
  });

  it("a failed read is the store's error, cleared by the next read that works", async () => {
    failing.add('doc-a');
    await store.getState().load('doc-a');
    expect(store.getState().error).toMatchObject({ code: 'audit_unreadable' });
    expect(store.getState().loading).toBe(false);
    failing.clear();
    trail('doc-a', 1);
    await store.getState().load('doc-a');
    expect(store.getState().error).toBeNull();
    expect(ids()).toEqual(['doc-a-1']);
  });
});
