import type { MetadataDefinition } from '../../shared/contracts/v1Datasets.js';

/** A value chip a number key gives to the selection. */
export interface NumberedChoice {
  key: number;
  definition: MetadataDefinition;
  value: string;
}

/** Keys 1–9 in the order the chips are shown: every definition's choices, top to bottom. */
export function numberedChoices(definitions: readonly MetadataDefinition[]): NumberedChoice[] {
  return definitions
    .flatMap((definition) => definition.predefinedChoices.map((value) => ({ definition, value })))
    .slice(0, 9)
    .map((choice, index) => ({ ...choice, key: index + 1 }));
}
