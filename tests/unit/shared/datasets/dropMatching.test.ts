import { describe, expect, it } from 'vitest';
import { compilePattern, matchFiles, readSidecar, type MatchContext } from '../../../../shared/datasets/dropMatching.js';

const none: MatchContext = { knownIds: new Set(), sidecar: null, typed: {} };

describe('matching dropped files to media ids', () => {
  it('takes the first run of digits of the file name (not of its folder) by default', () => {
    const { files } = matchFiles(['shots2024/101.png', 'weld_102_front-7.jpg', 'cover.png'], { kind: 'name', pattern: '' }, none);
    expect(files).toEqual([
      { name: 'shots2024/101.png', mediaId: 101 },
      { name: 'weld_102_front-7.jpg', mediaId: 102 },
      { name: 'cover.png', mediaId: null, reason: 'no digits in the name' },
    ]);
  });

  it("uses a user pattern's first group, and says when the pattern finds nothing or is not valid", () => {
    const rule = { kind: 'name' as const, pattern: 'id-(\\d+)' };
    const { files } = matchFiles(['2024_id-305.png', '2024_305.png'], rule, none);
    expect(files[0]).toEqual({ name: '2024_id-305.png', mediaId: 305 });
    expect(files[1]?.reason).toBe('the pattern id-(\\d+) finds nothing in the name');
    const bad = matchFiles(['1.png'], { kind: 'name', pattern: '(' }, none);
    expect(bad.patternError).toMatch(/^Not a regular expression/);
    expect(bad.files[0]?.mediaId).toBeNull();
    expect(compilePattern('x'.repeat(201))).toEqual({ error: 'A pattern is at most 200 characters.' });
  });

  it("refuses an id outside the project's known media list, with the id in the reason", () => {
    const { files } = matchFiles(['101.png', '999.png'], { kind: 'name', pattern: '' }, { ...none, knownIds: new Set([101, 102]) });
    expect(files[0]?.mediaId).toBe(101);
    expect(files[1]).toEqual({ name: '999.png', mediaId: null, reason: "id 999 is not in this project's media list" });
  });

  it('gives an id to the first file only and names it for the second', () => {
    const { files } = matchFiles(['a/101.png', 'b/101.png'], { kind: 'name', pattern: '' }, none);
    expect(files[1]).toEqual({ name: 'b/101.png', mediaId: null, reason: 'id 101 is already matched to a/101.png' });
  });

  it('reads a sidecar list by file name, case aside, and reports rows without a name', () => {
    const sidecar = readSidecar('ids.csv', 'fileName,mediaId\nFront.PNG,201\n,202\n');
    expect([...sidecar.map]).toEqual([['front.png', 201]]);
    expect(sidecar.problems).toEqual(['media 202: no file name']);
    const rule = { kind: 'sidecar' as const };
    const { files } = matchFiles(['dir/front.png', 'back.png'], rule, { ...none, sidecar: sidecar.map });
    expect(files.map((f) => f.mediaId ?? f.reason)).toEqual([201, 'not in the sidecar list']);
    expect(matchFiles(['a.png'], rule, none).files[0]?.reason).toMatch(/^no sidecar list/);
    expect([...readSidecar('ids.json', '{"media":[{"fileName":"x.png","mediaId":7}]}').map]).toEqual([['x.png', 7]]);
  });

  it('lets a typed id win under every rule, and needs one under the typed rule', () => {
    const typed = { '101.png': '150', 'b.png': 'x1' };
    const byName = matchFiles(['101.png', 'b.png'], { kind: 'name', pattern: '' }, { ...none, typed });
    expect(byName.files.map((f) => f.mediaId ?? f.reason)).toEqual([150, 'the typed id “x1” is not a whole number']);
    const byHand = matchFiles(['101.png', 'c.png'], { kind: 'typed' }, { ...none, typed });
    expect(byHand.files.map((f) => f.mediaId ?? f.reason)).toEqual([150, 'no id typed']);
  });

  it('refuses digits too long to be an id', () => {
    const { files } = matchFiles(['99999999999999999999.png'], { kind: 'name', pattern: '' }, none);
    expect(files[0]?.reason).toBe('“99999999999999999999” is not a whole number');
  });
});
