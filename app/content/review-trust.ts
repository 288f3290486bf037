// docs/requirements.md#9-constants: a rating counts as strong when the average is 4 or more with at least 100 ratings.

const STRONG_AVERAGE = 4;
const STRONG_COUNT = 100;

export type ReviewTrust = "strong" | "weak" | "none";

export function reviewTrust(summary: { averageRating: number | null | undefined; ratingsCount: number | null | undefined }): ReviewTrust {
  const count = summary.ratingsCount ?? 0;
  const average = summary.averageRating;
  if (!Number.isFinite(count) || count <= 0 || average === null || average === undefined || !Number.isFinite(average)) return "none";
  return average >= STRONG_AVERAGE && count >= STRONG_COUNT ? "strong" : "weak";
}
