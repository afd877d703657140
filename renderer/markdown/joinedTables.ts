import { logicalTables, type LogicalTables } from '../../shared/grounding/logicalTables.js';
import type { ParseModel } from '../../shared/grounding/parseModel.js';

const NONE: LogicalTables = { tables: [], byTableId: new Map() };
const failed = new WeakSet<ParseModel>();

/**
 * The result's tables across pages, for code that runs while the view draws: a failure there
 * would take the window to the crash screen, so it degrades to no joined tables (each table
 * still shown on its own page), noted once per result in the console.
 */
export function joinedTables(model: ParseModel): LogicalTables {
  if (failed.has(model)) return NONE;
  try {
    return logicalTables(model);
  } catch (error) {
    failed.add(model);
    console.warn('Groundwork: tables across pages not joined for this result', error);
    return NONE;
  }
}
