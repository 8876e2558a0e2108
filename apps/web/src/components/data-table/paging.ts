import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@portal/contract/constants';

export { DEFAULT_PAGE_SIZE, PAGE_SIZES };
/** Spec §9: pagination shows 10 page links. */
export const PAGE_LINKS = 10;

export interface Paging {
  start: number;
  length: number;
}

/** Spec §9: a length below 1 (or not a number) falls back to 10. */
export function normaliseLength(length: number): number {
  return Number.isFinite(length) && length >= 1 ? Math.trunc(length) : DEFAULT_PAGE_SIZE;
}

/** 'Showing x to y of z entries' numbers: x is 1-based, y is capped at the total. */
export function showingRange(start: number, length: number, total: number) {
  if (total <= 0) return { from: 0, to: 0, total: 0 };
  const from = Math.min(start + 1, total);
  return { from, to: Math.min(start + normaliseLength(length), total), total };
}

/** The current page (1-based), the page count, and the window of up to 10 page links it sits in. */
export function pageWindow(start: number, length: number, total: number) {
  const size = normaliseLength(length);
  const pages = Math.max(1, Math.ceil(total / size));
  const page = Math.min(pages, Math.floor(start / size) + 1);
  const first = Math.floor((page - 1) / PAGE_LINKS) * PAGE_LINKS + 1;
  const last = Math.min(pages, first + PAGE_LINKS - 1);
  return { page, pages, links: Array.from({ length: last - first + 1 }, (_, i) => first + i) };
}
