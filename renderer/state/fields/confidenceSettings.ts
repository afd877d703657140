import { create } from 'zustand';
import { DEFAULT_CONFIDENCE_THRESHOLD } from '../../../shared/grounding/confidence.js';
import { isBoolean, readRemembered, writeRemembered } from './remembered.js';

interface ConfidenceSettings {
  /** Fields whose weakest word scores below this (0–1) are marked low. Remembered. */
  threshold: number;
  /** List fields lowest confidence first instead of in document order. Remembered. */
  sortByConfidence: boolean;
  setThreshold(threshold: number): void;
  setSortByConfidence(on: boolean): void;
}

const isThreshold = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= 1;

export const useConfidenceSettings = create<ConfidenceSettings>((set) => ({
  threshold: readRemembered('confidenceThreshold', DEFAULT_CONFIDENCE_THRESHOLD, isThreshold),
  sortByConfidence: readRemembered('sortByConfidence', false, isBoolean),
  setThreshold: (threshold) => {
    if (!isThreshold(threshold)) return;
    writeRemembered('confidenceThreshold', threshold);
    set({ threshold });
  },
  setSortByConfidence: (sortByConfidence) => {
    writeRemembered('sortByConfidence', sortByConfidence);
    set({ sortByConfidence });
  },
}));
