// Writes the sample documents shown on first run (resources/samples/): an invoice with
// label lines and a table-like line-item layout, and a multi-page report with headings,
// lists, a two-column page, a page turned with /Rotate 90, and a running header and footer.
// Deterministic (fixed dates), so a rebuild only changes the files when this script changes.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFDocument, StandardFonts, degrees, rgb } from 'pdf-lib';

const outDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'resources', 'samples');
const FIXED_DATE = new Date('2024-03-15T09:00:00Z');
const LETTER = [612, 792];

/**
 * Draws on a page in displayed coordinates (origin top-left, y = baseline from the top), for
 * upright pages and for pages shown with /Rotate 90, whose content is drawn turned a quarter
 * counter-clockwise so that it reads upright on screen.
 */
function canvas(page, rotated) {
  const { width, height } = page.getSize();
  if (rotated) page.setRotation(degrees(90));
  return {
    width: rotated ? height : width,
    height: rotated ? width : height,
    text(text, x, y, font, size, color = rgb(0, 0, 0)) {
      if (rotated) page.drawText(text, { x: y, y: x, size, font, color, rotate: degrees(90) });
      else page.drawText(text, { x, y: height - y, size, font, color });
    },
    textRight(text, right, y, font, size) {
      this.text(text, right - font.widthOfTextAtSize(text, size), y, font, size);
    },
    rule(x0, x1, y) {
      if (rotated) page.drawLine({ start: { x: y, y: x0 }, end: { x: y, y: x1 }, thickness: 0.5, color: rgb(0.6, 0.6, 0.6) });
      else page.drawLine({ start: { x: x0, y: height - y }, end: { x: x1, y: height - y }, thickness: 0.5, color: rgb(0.6, 0.6, 0.6) });
    },
  };
}

/** Greedy word wrap to a width, with the font's real advances. */
function wrap(text, font, size, width) {
  const lines = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(next, size) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/** Draws a wrapped paragraph; returns the baseline after it (plus paragraph spacing). */
function paragraph(c, text, x, y, width, font, size = 11, leading = 1.35) {
  let baseline = y;
  for (const line of wrap(text, font, size, width)) {
    c.text(line, x, baseline, font, size);
    baseline += size * leading;
  }
  return baseline + size * 0.8;
}

async function newDocument(title) {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setProducer('Groundwork sample generator');
  doc.setCreator('scripts/generate-samples.mjs');
  doc.setCreationDate(FIXED_DATE);
  doc.setModificationDate(FIXED_DATE);
  const fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
  return { doc, fonts };
}

async function invoice() {
  const { doc, fonts } = await newDocument('Invoice INV-2024-0042');
  const { regular, bold } = fonts;
  const c = canvas(doc.addPage(LETTER), false);
  c.text('Northwind Office Supplies', 56, 72, bold, 20);
  c.text('Invoice', 56, 104, regular, 16);

  const labels = [
    ['Invoice number', 'INV-2024-0042'],
    ['Date', '2024-03-15'],
    ['Due date', '2024-04-14'],
    ['Purchase order', 'PO-88310'],
  ];
  labels.forEach(([label, value], i) => c.text(`${label}: ${value}`, 56, 140 + i * 16, regular, 10.5));

  // From and Bill to, side by side: two columns the reading order takes left first.
  const from = ['From', 'Northwind Office Supplies Ltd.', '12 Harbour Street', 'Bristol BS1 4QA, United Kingdom'];
  const to = ['Bill to', 'Globex Corporation', 'Accounts Payable', '500 Market Avenue, Springfield'];
  from.forEach((line, i) => c.text(line, 56, 236 + i * 15, i === 0 ? bold : regular, 10));
  to.forEach((line, i) => c.text(line, 340, 236 + i * 15, i === 0 ? bold : regular, 10));

  // Line items: four columns, numbers right-aligned, one row per item.
  const top = 340;
  const columns = { description: 56, qty: 330, unit: 440, amount: 556 };
  c.text('Description', columns.description, top, bold, 10.5);
  c.textRight('Qty', columns.qty, top, bold, 10.5);
  c.textRight('Unit price', columns.unit, top, bold, 10.5);
  c.textRight('Amount', columns.amount, top, bold, 10.5);
  c.rule(56, 556, top + 6);
  const items = [
    ['Recycled copy paper, A4, 5 reams', '10', '$24.50', '$245.00'],
    ['Ballpoint pens, blue, box of 50', '4', '$18.75', '$75.00'],
    ['Desk organiser, bamboo', '6', '$32.00', '$192.00'],
    ['Ergonomic office chair', '2', '$319.00', '$638.00'],
  ];
  items.forEach((row, i) => {
    const y = top + 22 + i * 18;
    c.text(row[0], columns.description, y, regular, 10.5);
    c.textRight(row[1], columns.qty, y, regular, 10.5);
    c.textRight(row[2], columns.unit, y, regular, 10.5);
    c.textRight(row[3], columns.amount, y, regular, 10.5);
  });
  c.rule(56, 556, top + 22 + items.length * 18 - 6);

  const totals = ['Subtotal: $1,150.00', 'Tax (8%): $92.00', 'Total: $1,242.00'];
  totals.forEach((line, i) => c.textRight(line, 556, 470 + i * 17, i === 2 ? bold : regular, i === 2 ? 11 : 10.5));

  c.text('Payment terms: 30 days from the invoice date.', 56, 560, regular, 10);
  c.text('Bank transfer to IBAN GB29 NWBK 6016 1331 9268 19, reference INV-2024-0042.', 56, 590, regular, 10);
  c.text('Thank you for your business.', 56, 740, regular, 9);
  return doc.save();
}

const LOREM = {
  intro:
    'This report summarises the year for the regional offices: what was planned, what happened, and what the figures say. ' +
    'It is a sample document for Groundwork, generated by a script, so every heading, list and table in it is known in advance.',
  method:
    'Each office reported its figures every quarter. The numbers below are rounded to the nearest thousand and have not been audited; ' +
    'they are shown to exercise the reading order, the tables and the grounding of every block.',
  north:
    'The northern offices grew steadily through the year. Two new sites opened in the spring, and staff numbers rose by a fifth. ' +
    'Customer satisfaction stayed high, although delivery times slipped during the winter storms.',
  north2: 'Next year the focus moves to training and to a shared warehouse that should shorten delivery times again.',
  south:
    'The southern offices had a slower start. A system migration in the first quarter delayed invoicing by several weeks, ' +
    'which shows in the cash position of the second quarter.',
  south2: 'From the summer onwards the region recovered, and the final quarter was its strongest on record.',
  conclusion: 'Overall the year met its main goals. The list below names the actions agreed by the board for the coming year.',
};

async function report() {
  const { doc, fonts } = await newDocument('Annual Review 2024');
  const { regular, bold } = fonts;
  const pageCount = 4;
  const pages = [];
  const decorate = (c, number) => {
    c.text('Northwind Group  |  Annual Review 2024', 56, 40, regular, 9);
    c.text('Confidential', c.width - 56 - regular.widthOfTextAtSize('Confidential', 9), 40, regular, 9);
    const footer = `Page ${number} of ${pageCount}`;
    c.text(footer, (c.width - regular.widthOfTextAtSize(footer, 9)) / 2, c.height - 36, regular, 9);
  };

  // Page 1: title, headings, paragraphs and a bulleted list.
  {
    const c = canvas(doc.addPage(LETTER), false);
    pages.push(c);
    c.text('Annual Review 2024', 56, 110, bold, 26);
    c.text('1. Introduction', 56, 160, bold, 15);
    let y = paragraph(c, LOREM.intro, 56, 186, 500, regular);
    c.text('2. Method', 56, y + 10, bold, 15);
    y = paragraph(c, LOREM.method, 56, y + 36, 500, regular);
    c.text('Highlights of the year:', 56, y, regular, 11);
    y += 20;
    for (const item of [
      'Two new offices opened in the north.',
      'Invoicing moved to the new system, after a slow first quarter that delayed payments by several weeks.',
      'Customer satisfaction reached 92%.',
    ]) {
      const lines = wrap(item, regular, 11, 470);
      c.text('•', 66, y, regular, 11);
      lines.forEach((line, i) => c.text(line, 80, y + i * 15, regular, 11));
      y += lines.length * 15 + 4;
    }
  }

  // Page 2: a heading across the page, then two columns.
  {
    const c = canvas(doc.addPage(LETTER), false);
    pages.push(c);
    c.text('3. Regional notes', 56, 100, bold, 15);
    const colWidth = 236;
    c.text('North', 56, 136, bold, 13);
    let y = paragraph(c, LOREM.north, 56, 158, colWidth, regular);
    paragraph(c, LOREM.north2, 56, y, colWidth, regular);
    c.text('South', 320, 136, bold, 13);
    y = paragraph(c, LOREM.south, 320, 158, colWidth, regular);
    paragraph(c, LOREM.south2, 320, y, colWidth, regular);
  }

  // Page 3: landscape content on a portrait page shown with /Rotate 90.
  {
    const c = canvas(doc.addPage(LETTER), true);
    pages.push(c);
    c.text('4. Quarterly figures', 56, 100, bold, 15);
    c.text('All figures in thousands of pounds.', 56, 126, regular, 11);
    const cols = [56, 330, 480, 620, 736];
    const header = ['Quarter', 'Revenue', 'Costs', 'Margin'];
    const rows = [
      ['Q1 2024', '1,204', '1,010', '16.1%'],
      ['Q2 2024', '1,318', '1,072', '18.7%'],
      ['Q3 2024', '1,402', '1,105', '21.2%'],
      ['Q4 2024', '1,561', '1,187', '24.0%'],
    ];
    const cell = (text, col, y, font) =>
      col === 0 ? c.text(text, cols[0], y, font, 11) : c.textRight(text, cols[col + 1] - 20, y, font, 11);
    header.forEach((text, col) => cell(text, col, 170, bold));
    rows.forEach((row, r) => row.forEach((text, col) => cell(text, col, 192 + r * 18, regular)));
  }

  // Page 4: conclusion and a numbered list.
  {
    const c = canvas(doc.addPage(LETTER), false);
    pages.push(c);
    c.text('5. Conclusion', 56, 100, bold, 15);
    let y = paragraph(c, LOREM.conclusion, 56, 126, 500, regular);
    [
      'Open a shared warehouse in the north.',
      'Train every office on the new invoicing system.',
      'Report figures monthly instead of quarterly.',
    ].forEach((item, i) => {
      c.text(`${i + 1}.`, 66, y, regular, 11);
      c.text(item, 84, y, regular, 11);
      y += 17;
    });
  }
  pages.forEach((c, i) => decorate(c, i + 1));
  return doc.save();
}

mkdirSync(outDir, { recursive: true });
for (const [name, make] of [
  ['invoice.pdf', invoice],
  ['report.pdf', report],
]) {
  writeFileSync(join(outDir, name), await make());
  console.log(`wrote resources/samples/${name}`);
}
