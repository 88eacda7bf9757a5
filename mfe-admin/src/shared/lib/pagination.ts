// R-REVIEW-PAGES: every page button when there are 5 pages or fewer; otherwise the
// first and last page, a window of 3 around the current page, and an
// ellipsis wherever pages are left out between them.

export type PageItem = number | 'gap-start' | 'gap-end';

const SHOW_ALL_UP_TO = 5;
const WINDOW = 3;

export function pageItems(current: number, totalPages: number): PageItem[] {
  const total = Math.max(0, Math.floor(totalPages));
  if (total === 0) return [];
  const all = Array.from({ length: total }, (_, i) => i + 1);
  if (total <= SHOW_ALL_UP_TO) return all;

  const page = Math.min(Math.max(1, Math.floor(current) || 1), total);
  // The window keeps its 3 pages at the edges: page 1 shows 1 2 3.
  const start = Math.min(Math.max(1, page - 1), total - WINDOW + 1);
  const end = start + WINDOW - 1;

  const items: PageItem[] = [];
  if (start > 1) items.push(1);
  if (start > 2) items.push('gap-start');
  for (let p = start; p <= end; p += 1) items.push(p);
  if (end < total - 1) items.push('gap-end');
  if (end < total) items.push(total);
  return items;
}
