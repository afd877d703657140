import { describe, expect, it } from 'vitest';
import { uploadName } from '../../../../../electron/api/preflight/documentInput.js';

describe('the name a document is uploaded under', () => {
  it.each([
    ['report.pdf', { kind: 'pdf', encrypted: false }, 'report.pdf'],
    ['photo.JPEG', { kind: 'image', mime: 'image/jpeg' }, 'photo.JPEG'],
    ['scan.pdf', { kind: 'image', mime: 'image/png' }, 'scan.png'],
    ['invoice.png', { kind: 'pdf', encrypted: false }, 'invoice.pdf'],
    ['scan', { kind: 'image', mime: 'image/tiff' }, 'scan.tif'],
    ['minutes.final', { kind: 'pdf', encrypted: false }, 'minutes.final.pdf'],
    ['Rechnung für Zoë 🧾.pdf', { kind: 'pdf', encrypted: false }, 'Rechnung für Zoë 🧾.pdf'],
  ] as const)('%s holding %o goes as %s', (name, kind, expected) => {
    expect(uploadName(name, kind)).toBe(expected);
  });
});
