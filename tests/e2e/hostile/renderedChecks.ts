import type { Locator, Page } from '@playwright/test';

/**
 * What is wrong with one rendered Markdown block, as readable sentences (empty when all is
 * well): elements or attributes that should never reach the DOM, links that are not plain
 * https, text that is hidden, shrunk, transparent, lifted out of the flow or missing.
 */
export function blockProblems(block: Locator, mustShow: string[]): Promise<string[]> {
  return block.evaluate((root, texts) => {
    const problems: string[] = [];
    const forbidden =
      'script, style, link, meta, base, iframe, frame, object, embed, form, input, button, textarea, select, svg, math, img, picture, source, video, audio, template, noscript, details';
    for (const el of root.querySelectorAll(forbidden)) problems.push(`<${el.tagName.toLowerCase()}> in the DOM`);
    for (const el of root.querySelectorAll('*')) {
      for (const attr of el.attributes) {
        const name = attr.name.toLowerCase();
        if (name === 'class' && attr.value === 'md-figure-alt') continue; // the app's own stand-in for an image
        if (
          name.startsWith('on') ||
          ['style', 'src', 'srcset', 'action', 'formaction', 'ping', 'background', 'poster', 'hidden', 'class', 'name'].includes(name)
        ) {
          problems.push(`<${el.tagName.toLowerCase()} ${name}> in the DOM`);
        }
      }
      const href = el.getAttribute('href');
      if (href !== null && !/^https:\/\//.test(href)) problems.push(`link to ${href.slice(0, 40)}`);
    }

    const hiddenBecause = (el: Element): string | null => {
      for (let e: Element | null = el; e && e !== root.parentElement; e = e.parentElement) {
        const s = getComputedStyle(e);
        if (s.display === 'none') return 'display: none';
        if (s.visibility !== 'visible') return `visibility: ${s.visibility}`;
        if (Number(s.opacity) < 0.2) return `opacity: ${s.opacity}`;
        if (s.position === 'fixed' || s.position === 'absolute' || s.position === 'sticky') return `position: ${s.position}`;
        if (s.clipPath !== 'none' || s.contentVisibility === 'hidden') return 'clipped';
      }
      const s = getComputedStyle(el);
      if (parseFloat(s.fontSize) < 8) return `font-size: ${s.fontSize}`;
      if (/rgba\(.*,\s*0(\.0\d*)?\)$|transparent/.test(s.color)) return `color: ${s.color}`;
      const box = el.getBoundingClientRect();
      if (box.width < 1 || box.height < 1) return 'zero size';
      return null;
    };
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = (node.textContent ?? '').trim();
      const parent = node.parentElement;
      if (!text || !parent) continue;
      const reason = hiddenBecause(parent);
      if (reason) problems.push(`"${text.slice(0, 40)}" is hidden (${reason})`);
    }
    const shown = (root as HTMLElement).innerText.replace(/\s+/g, ' ');
    for (const text of texts) if (!shown.includes(text)) problems.push(`"${text}" is not shown`);
    return problems;
  }, mustShow);
}

/** Whether the app's own controls are still on top: no payload covers them. */
export async function coveredControls(page: Page, testIds: string[]): Promise<string[]> {
  const covered: string[] = [];
  for (const id of testIds) {
    const onTop = await page
      .getByTestId(id)
      .first()
      .evaluate((el) => {
        const box = el.getBoundingClientRect();
        const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return top !== null && (top === el || el.contains(top) || (top as Element).contains(el));
      });
    if (!onTop) covered.push(id);
  }
  return covered;
}

/** Milliseconds the page takes to run a task and paint a frame: a hung window never answers. */
export function frameLatency(page: Page): Promise<number> {
  return page.evaluate(() => {
    const start = performance.now();
    return new Promise<number>((resolve) => requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start), 0)));
  });
}
