/**
 * groundwork/layers: inside a room, folders import downward only.
 * Options: `{ room, layers }`, `layers` listed bottom first, each a list of folders of the room
 * (`.` for the files loose at its root). A file may import from its own folder and from the
 * folders of lower layers; folders of one layer never import each other (so each stays
 * readable and movable alone). Type imports count: a type from above is still an arrow up.
 */
import { dirname, relative, resolve, sep } from 'node:path';

/** The room-relative top folder of a path inside `roomDir`, `.` for a file at its root, or null outside it. */
function folderIn(roomDir, file) {
  const rel = relative(roomDir, file);
  if (rel.startsWith('..') || rel === '') return null;
  const parts = rel.split(sep);
  return parts.length === 1 ? '.' : parts[0];
}

export const layers = {
  meta: {
    type: 'problem',
    docs: { description: 'Folders of a room import downward only, by the layers the config lists.' },
    schema: [
      {
        type: 'object',
        properties: {
          room: { type: 'string' },
          layers: { type: 'array', items: { type: 'array', items: { type: 'string' } } },
        },
        required: ['room', 'layers'],
        additionalProperties: false,
      },
    ],
    messages: {
      up: '{{from}}/ may not import {{to}}/: {{to}}/ is above it ({{order}}).',
      sideways: '{{from}}/ may not import {{to}}/: they are on one layer ({{layer}}), so neither imports the other.',
      unlisted: '{{folder}}/ is on no layer of {{room}}/: add it to the layers in eslint.config.js.',
    },
  },
  create(context) {
    const { room, layers: order } = context.options[0];
    const roomDir = resolve(context.cwd ?? process.cwd(), room);
    const layerOf = new Map(order.flatMap((folders, index) => folders.map((folder) => [folder, index])));
    const from = folderIn(roomDir, context.filename);
    if (from === null) return {};
    const describe = order.map((folders) => folders.join(' ')).join(' < ');
    const check = (node, spec) => {
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const to = folderIn(roomDir, resolve(dirname(context.filename), spec));
      if (to === null || to === from) return;
      for (const folder of [from, to])
        if (!layerOf.has(folder)) return context.report({ node, messageId: 'unlisted', data: { folder, room } });
      const [a, b] = [layerOf.get(from), layerOf.get(to)];
      if (b > a) context.report({ node, messageId: 'up', data: { from, to, order: describe } });
      else if (b === a) context.report({ node, messageId: 'sideways', data: { from, to, layer: order[a].join(' ') } });
    };
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};
