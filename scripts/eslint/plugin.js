// The project's own lint rules, one file each.
import { effectReturnsCleanup } from './effectCleanup.js';
import { layers } from './layers.js';

export const groundworkPlugin = { rules: { 'effect-returns-cleanup': effectReturnsCleanup, layers } };
