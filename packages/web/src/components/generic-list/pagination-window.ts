/** One slot of the pager: a page number or a gap. */
export type PageSlot = number | 'start-gap' | 'end-gap';

/**
 * The pages the pager shows (SPEC §2 "Generic list", §9): every page when there are 7 or fewer; otherwise
 * the first page, the last page and 2 pages either side of the current one, with a gap marker (rendered as
 * an ellipsis) wherever pages are skipped.
 * @param current the current page (1-based; clamped into range).
 * @param total number of pages (0 or less gives an empty pager).
 * @returns the slots in order, e.g. (10, 20) → [1, 'start-gap', 8, 9, 10, 11, 12, 'end-gap', 20].
 */
export function paginationWindow(current: number, total: number, showAllUpTo = 7, radius = 2): PageSlot[] {
  if (total <= 0) return [];
  if (total <= showAllUpTo) return Array.from({ length: total }, (_, i) => i + 1);
  const page = Math.min(Math.max(1, current), total);
  const from = Math.max(2, page - radius);
  const to = Math.min(total - 1, page + radius);
  const slots: PageSlot[] = [1];
  if (from > 2) slots.push('start-gap');
  for (let p = from; p <= to; p += 1) slots.push(p);
  if (to < total - 1) slots.push('end-gap');
  slots.push(total);
  return slots;
}
