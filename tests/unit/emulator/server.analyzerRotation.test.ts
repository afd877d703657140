import { degrees, PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { KEYS, PNG, useEmulator } from '../../support/emulatorHarness.js';
import { call } from './emulatorCalls.js';

const holder = useEmulator();

/** Four pages: upright, /Rotate 90, 180, and -90 (which is 270). */
async function rotatedPdf(): Promise<Uint8Array<ArrayBuffer>> {
  const doc = await PDFDocument.create();
  for (const angle of [0, 90, 180, -90]) doc.addPage([612, 792]).setRotation(degrees(angle));
  return new Uint8Array(await doc.save());
}

async function analyze(field: 'pdf' | 'image', bytes: Uint8Array<ArrayBuffer>, rotation?: string) {
  const form = new FormData();
  form.set(field, new Blob([bytes]), field === 'pdf' ? 'rotated.pdf' : 'a.png');
  if (rotation !== undefined) form.set('enable_rotation_detection', rotation);
  const answer = await call(holder.emulator, 'POST', '/v1/tools/agentic-document-analysis', { key: KEYS.analyzer, form });
  expect(answer.status).toBe(200);
  const chunks = (answer.json.data as { chunks: { grounding: { page: number }[]; rotation_angle: number }[] }).chunks;
  const byPage = new Map<number, Set<number>>();
  for (const c of chunks) byPage.set(c.grounding[0]!.page, (byPage.get(c.grounding[0]!.page) ?? new Set()).add(c.rotation_angle));
  return Object.fromEntries([...byPage].map(([page, angles]) => [page, [...angles]]));
}

describe("the older analyzer's enable_rotation_detection", () => {
  it("reports each page's detected rotation on that page's chunks when true", async () => {
    expect(await analyze('pdf', await rotatedPdf(), 'true')).toEqual({ 0: [0], 1: [90], 2: [180], 3: [270] });
  });

  it.each([
    ['false', 'false'],
    ['absent', undefined],
  ])('reports 0 on every chunk when %s', async (_label, value) => {
    expect(await analyze('pdf', await rotatedPdf(), value)).toEqual({ 0: [0], 1: [0], 2: [0], 3: [0] });
  });

  it('reports 0 for an image, which is upright once its orientation is applied', async () => {
    expect(await analyze('image', PNG, 'true')).toEqual({ 0: [0] });
  });
});
