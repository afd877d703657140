/** HTML character references as a reader sees them: the common named ones and every numeric one. */

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** `&amp;`, `&#39;`, `&#x2014;` decoded; an unknown name stays as written. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (entity, name: string) => {
    if (name[0] !== '#') return NAMED[name.toLowerCase()] ?? entity;
    const hex = name[1] === 'x' || name[1] === 'X';
    return codePointText(hex ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1)));
  });
}

/** A numeric reference's character; one past Unicode (String.fromCodePoint would throw) or zero reads as U+FFFD. */
function codePointText(codePoint: number): string {
  return codePoint > 0 && codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : '\ufffd';
}
