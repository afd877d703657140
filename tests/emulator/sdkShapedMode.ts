/**
 * The emulator's SDK-shaped mode (`sdkShaped` option, `--sdk-shaped[=SEED]`): each JSON answer
 * of a v2 route is passed through `sdkShaped` (tests/support/sdkShapes/) before it is written,
 * so the client meets every valid shape the official SDK's types allow: nullable fields null,
 * optional ones absent, timestamps as epoch numbers, the older envelope names. One seeded
 * stream per emulator, so a run replays from its seed (given the same requests in order).
 * The shaper builds its shapes with the TypeScript compiler, so it is loaded only in this mode.
 */
import { HttpAnswer } from './httpKit.js';
import type { WireTypeName } from '../support/wireTypes.js';

export interface SdkShapedOptions {
  seed: number;
  /** Chance of each move at each field it applies to; `sdkShaped`'s default (0.3) if absent. */
  rate?: number;
}

/** Shapes one answer of a route; answers it has no wire type for are returned as they are. */
export type AnswerShaper = (method: string, path: string, answer: HttpAnswer) => HttpAnswer;

/** The wire type of a v2 route's JSON answer, or null (not v2, not JSON, or no SDK type for it). */
export function wireTypeOf(method: string, path: string, answer: HttpAnswer): WireTypeName | null {
  const body = answer.body;
  if (!path.startsWith('/v2/') || body === null || typeof body !== 'object' || body instanceof Uint8Array || Array.isArray(body))
    return null;
  const { status } = answer;
  if (status >= 400) return 'code' in body && 'message' in body ? 'WireError' : null;
  const route = `${method} ${path}`;
  if (route === 'POST /v2/parse' && (status === 200 || status === 206)) return 'WireParseResponse';
  if (route === 'POST /v2/extract' && status === 200) return 'WireExtractResult';
  if (/^POST \/v2\/(parse|extract)\/jobs$/.test(route) && status === 202) return 'WireJobCreated';
  if (/^GET \/v2\/(parse|extract)\/jobs$/.test(route) && status === 200) return 'WireJobList';
  const poll = /^GET \/v2\/(parse|extract)\/jobs\/[^/]+$/.exec(route);
  if (poll && status === 200) return poll[1] === 'parse' ? 'WireJob<WireParseResponse>' : 'WireJob<WireExtractResult>';
  return null;
}

export async function sdkShapedAnswers(options: SdkShapedOptions): Promise<AnswerShaper> {
  const [{ sdkShaped }, { sdkShapes }, { seeded }] = await Promise.all([
    import('../support/sdkShapes/sdkShape.js'),
    import('../support/sdkShapes/sdkTypes.js'),
    import('../support/sdkShapes/seeded.js'),
  ]);
  // Built now (about a second) rather than on the first answer; and checked, since shapes read
  // from the wrong place would silently shape nothing.
  const parse = sdkShapes().get('WireParseResponse');
  if (!parse?.object?.props.size)
    throw new Error('emulator: --sdk-shaped could not read the SDK types (tests/support/wireTypes.ts); nothing would be shaped');
  const random = seeded(options.seed);
  const choices = { random, ...(options.rate !== undefined ? { rate: options.rate } : {}) };
  return (method, path, answer) => {
    const type = wireTypeOf(method, path, answer);
    return type ? new HttpAnswer(answer.status, sdkShaped(type, answer.body, choices), answer.headers) : answer;
  };
}
