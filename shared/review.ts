// The reviewer's decisions on an extraction's fields, as both processes see them.
export const REVIEW_STATUSES = ['accepted', 'corrected', 'rejected'] as const;

export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export interface FieldDecision {
  status: ReviewStatus;
  /** The reviewer's value, for `corrected`. */
  correctedValue?: string | undefined;
  note?: string | undefined;
  decidedAt: string;
}

/** A reviewer's decisions on the fields of one extraction, by field path. */
export interface Review {
  extractionId: string;
  updatedAt: string;
  fields: Record<string, FieldDecision>;
  /** The id of the audit entry of the latest decision written with this review. */
  auditId?: string;
}
