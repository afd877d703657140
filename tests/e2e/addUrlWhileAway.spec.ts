import { expect, test, addEmulatorV2Key } from './fixtures.js';
import { smallPdf } from './jobsHelpers.js';
import { startServer } from '../support/streamingServer.js';

// A long download from "+ URL" does not take the screen from a document the user opened
// meanwhile: it waits in the library, and the form says it was added. The document is served
// on this computer, so the v2 key is this server's: only a key's own origin is fetched locally.
test('a document added from a web address while the user opened another stays in the library', async ({ page, preview }) => {
  const pdf = await smallPdf('letter', 3);
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const server = await startServer((req, res) => {
    if (req.url !== '/letter.pdf') return void res.writeHead(404).end();
    void released.then(() => {
      res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': String(pdf.length) });
      res.end(pdf);
    });
  });
  try {
    await addEmulatorV2Key(page, server);
    await page.getByTestId('library-add-url-toggle').click();
    await page.getByTestId('library-url-input').fill(`${server.url}/letter.pdf`);
    await page.getByTestId('library-url-add').click();
    await expect(page.getByTestId('library-url-add')).toHaveText('Downloading…');
    await expect.poll(() => server.requests.filter((r) => r.path === '/letter.pdf').length).toBe(1);

    // Meanwhile the reviewer opens another document.
    await page
      .getByTestId('open-file')
      .setInputFiles({ name: 'other.pdf', mimeType: 'application/pdf', buffer: await smallPdf('other', 2) });
    await expect(page.getByTestId('page-count')).toHaveText('of 2');
    release();

    await expect(page.getByTestId('library-url-added')).toContainText('“letter.pdf” was added to the library');
    await expect(page.locator('[data-testid="library-document"][data-document-name="letter.pdf"]')).toHaveCount(1);
    await expect(page.getByTestId('page-count')).toHaveText('of 2');
    await expect(page.locator('li.active [data-testid="library-document"]')).toHaveAttribute('data-document-name', 'other.pdf');
    await expect(page.getByTestId('error')).toHaveCount(0);
  } finally {
    release();
    await server.close();
  }
  void preview;
});
