/**
 * Makes a valid answer "SDK-shaped": walks it beside the SDK's type (sdkTypes.ts) and, at
 * random, sends each field the SDK types `| null` as null (present or not), leaves out each
 * field it marks optional, writes a timestamp it lets be a number as epoch seconds or
 * milliseconds, and (job envelopes) uses the older names `_normalize` still reads. What the
 * app must do with the result: read it, never refuse it.
 */
import type { WireTypeName } from '../wireTypes.js';
import { sdkShapes, type Shape } from './sdkTypes.js';

export interface ShapeChoices {
  /** A number in [0, 1): seeded in tests, so a case replays. */
  random(): number;
  /** Chance of each move at each field it applies to; 0.3 by default. */
  rate?: number;
}

/** What was done, as `Type.field` keys: what coverage tests count. */
export interface ShapeReport {
  nulled: Set<string>;
  dropped: Set<string>;
  epoch: Set<string>;
  renamed: Set<string>;
}

export function emptyReport(): ShapeReport {
  return { nulled: new Set(), dropped: new Set(), epoch: new Set(), renamed: new Set() };
}

/** `_normalize`: older parse-job servers sent `data` for `result` and `received_at` for `created_at`. */
const OLDER_NAMES: Record<string, string> = { result: 'data', created_at: 'received_at' };

/** A copy of `value` shaped as the SDK allows; `report` collects what was done. */
export function sdkShaped<T>(type: WireTypeName, value: T, choices: ShapeChoices, report: ShapeReport = emptyReport()): T {
  const shape = sdkShapes().get(type);
  if (!shape) throw new Error(`no SDK shape for ${type}`);
  const copy = structuredClone(value);
  const shaped = walk(copy, shape, { ...choices, rate: choices.rate ?? 0.3 }, report) as T;
  if (type.startsWith('WireJob<')) renameOlder(shaped, choices, report);
  return shaped;
}

function walk(value: unknown, shape: Shape, choices: Required<ShapeChoices>, report: ShapeReport): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    if (shape.array) for (let i = 0; i < value.length; i++) value[i] = walk(value[i], shape.array, choices, report);
    return value;
  }
  if (!shape.object) return value;
  const record = value as Record<string, unknown>;
  const hit = () => choices.random() < choices.rate;
  for (const [name, prop] of shape.object.props) {
    const key = `${shape.name}.${name}`;
    const present = Object.hasOwn(record, name);
    if (prop.shape.nullable && hit()) {
      record[name] = null;
      report.nulled.add(key);
    } else if (present && prop.optional && hit()) {
      delete record[name];
      report.dropped.add(key);
    } else if (present && typeof record[name] === 'string' && prop.shape.primitives.has('number') && hit()) {
      const millis = Date.parse(record[name]);
      if (Number.isFinite(millis)) {
        record[name] = choices.random() < 0.5 ? Math.floor(millis / 1000) : millis;
        report.epoch.add(key);
      }
    } else if (present) {
      record[name] = walk(record[name], prop.shape, choices, report);
    }
  }
  if (shape.object.index) {
    for (const name of Object.keys(record)) {
      if (!shape.object.props.has(name)) record[name] = walk(record[name], shape.object.index, choices, report);
    }
  }
  return record;
}

function renameOlder(envelope: unknown, choices: ShapeChoices, report: ShapeReport): void {
  const record = envelope as Record<string, unknown>;
  for (const [name, older] of Object.entries(OLDER_NAMES)) {
    if (!Object.hasOwn(record, name) || choices.random() >= 0.2) continue;
    record[older] = record[name];
    delete record[name];
    report.renamed.add(`WireJob.${name}`);
  }
}
