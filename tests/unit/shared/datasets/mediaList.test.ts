import { describe, expect, it } from 'vitest';
import { csvRecords, parseMediaIds, parseMediaList } from '../../../../shared/datasets/mediaList.js';

describe('CSV media lists', () => {
  it('reads quoted fields, doubled quotes, commas and line breaks inside quotes, BOM and CRLF', () => {
    const text =
      '\uFEFFmedia_id,file_name,image_path\r\n101,"front, left.png",/data/a.png\r\n102,"say ""hi"".jpg",\r\n103,"two\nlines.png",/data/c.png\r\n';
    const { rows, problems } = parseMediaList('list.csv', text);
    expect(problems).toEqual([]);
    expect(rows).toEqual([
      { mediaId: 101, fileName: 'front, left.png', imagePath: '/data/a.png' },
      { mediaId: 102, fileName: 'say "hi".jpg' },
      { mediaId: 103, fileName: 'two\nlines.png', imagePath: '/data/c.png' },
    ]);
  });

  it('reports bad rows with the line they start on and keeps the good ones', () => {
    const text = 'id,name\n1,a.png\n"multi\nline",x\nabc,b.png\n\n1,again.png\n2,"c.png"\n';
    const { rows, problems } = parseMediaList('m.csv', text);
    expect(rows.map((r) => r.mediaId)).toEqual([1, 2]);
    expect(problems).toEqual([
      { line: 3, message: expect.stringMatching(/not a media id/) },
      { line: 5, message: expect.stringMatching(/not a media id/) },
      { line: 7, message: expect.stringMatching(/listed twice/) },
    ]);
  });

  it('reads header-less lists as id, file name, path and finds columns by header in any order', () => {
    expect(parseMediaList('m.csv', '5,a.png\n6,b.png').rows).toEqual([
      { mediaId: 5, fileName: 'a.png' },
      { mediaId: 6, fileName: 'b.png' },
    ]);
    expect(parseMediaList('m.csv', 'path,fileName,mediaId\n/x/a.png,a.png,9').rows).toEqual([
      { mediaId: 9, fileName: 'a.png', imagePath: '/x/a.png' },
    ]);
  });

  it('refuses a header without an id column, relative image paths and an unclosed quote', () => {
    expect(parseMediaList('m.csv', 'file,path\na.png,/x').problems[0]).toMatchObject({
      line: 1,
      message: expect.stringMatching(/No media id column/),
    });
    expect(parseMediaList('m.csv', 'id,name,path\n1,a.png,images/a.png').problems).toEqual([
      { line: 2, message: expect.stringMatching(/not absolute/) },
    ]);
    expect(csvRecords('a,"b\nc')).toEqual({ error: expect.stringMatching(/never closed/), line: 1 });
  });
});

describe('JSON media lists and pasted ids', () => {
  it('reads arrays of objects or ids, and {media: [...]}, reporting bad items by number', () => {
    const { rows, problems } = parseMediaList(
      'm.json',
      JSON.stringify([{ mediaId: 1, fileName: 'a.png' }, 2, { id: '3', imagePath: '/a/b.png' }, { fileName: 'x' }, 'x', { mediaId: 1 }]),
    );
    expect(rows).toEqual([{ mediaId: 1, fileName: 'a.png' }, { mediaId: 2 }, { mediaId: 3, imagePath: '/a/b.png' }]);
    expect(problems.map((p) => p.item)).toEqual([4, 5, 6]);
    expect(parseMediaList('m.json', '{"media":[7]}').rows).toEqual([{ mediaId: 7 }]);
    expect(parseMediaList('m.json', '{"media":').problems[0]?.message).toMatch(/Not valid JSON/);
    expect(parseMediaList('m.json', '{"other":1}').problems[0]?.message).toMatch(/array/);
  });

  it('reads pasted ids with any separators', () => {
    expect(parseMediaIds('1, 2;3\n4\t5 5 x').rows.map((r) => r.mediaId)).toEqual([1, 2, 3, 4, 5]);
    expect(parseMediaIds('1 -2').problems).toEqual([{ item: 2, message: expect.stringMatching(/not a media id/) }]);
  });
});
