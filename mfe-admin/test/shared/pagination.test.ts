import { describe, expect, it } from 'vitest';
import { pageItems } from '../../src/shared/lib/pagination';

describe('page buttons of the sign-up list (R-REVIEW-PAGES)', () => {
  it('shows every page when there are 5 or fewer', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(2, 3)).toEqual([1, 2, 3]);
    expect(pageItems(3, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageItems(5, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('shows nothing without pages', () => {
    expect(pageItems(1, 0)).toEqual([]);
  });

  it('shows first, last and a window of 3 around the current page with ellipses', () => {
    expect(pageItems(5, 10)).toEqual([1, 'gap-start', 4, 5, 6, 'gap-end', 10]);
    expect(pageItems(50, 100)).toEqual([1, 'gap-start', 49, 50, 51, 'gap-end', 100]);
  });

  it('keeps three pages in the window at the edges', () => {
    expect(pageItems(1, 6)).toEqual([1, 2, 3, 'gap-end', 6]);
    expect(pageItems(2, 10)).toEqual([1, 2, 3, 'gap-end', 10]);
    expect(pageItems(10, 10)).toEqual([1, 'gap-start', 8, 9, 10]);
    expect(pageItems(9, 10)).toEqual([1, 'gap-start', 8, 9, 10]);
  });

  it('leaves out an ellipsis where the window touches the first or last page', () => {
    expect(pageItems(3, 10)).toEqual([1, 2, 3, 4, 'gap-end', 10]);
    expect(pageItems(8, 10)).toEqual([1, 'gap-start', 7, 8, 9, 10]);
    expect(pageItems(3, 6)).toEqual([1, 2, 3, 4, 'gap-end', 6]);
    expect(pageItems(4, 6)).toEqual([1, 'gap-start', 3, 4, 5, 6]);
  });

  it('uses an ellipsis for a single hidden page too', () => {
    expect(pageItems(4, 10)).toEqual([1, 'gap-start', 3, 4, 5, 'gap-end', 10]);
  });

  it('treats a page outside the range as the nearest edge', () => {
    expect(pageItems(0, 10)).toEqual([1, 2, 3, 'gap-end', 10]);
    expect(pageItems(99, 10)).toEqual([1, 'gap-start', 8, 9, 10]);
  });

  it('never shows a page twice and always includes the current, first and last', () => {
    for (let total = 1; total <= 30; total += 1) {
      for (let current = 1; current <= total; current += 1) {
        const pages = pageItems(current, total).filter((i) => typeof i === 'number');
        expect(new Set(pages).size).toBe(pages.length);
        expect(pages).toContain(current);
        expect(pages).toContain(1);
        expect(pages).toContain(total);
        expect(pages).toEqual([...pages].sort((a, b) => a - b));
      }
    }
  });
});
