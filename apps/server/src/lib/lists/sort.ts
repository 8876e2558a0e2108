import { sql, type SQL } from 'drizzle-orm';
import type { TSort, TSortDir } from '@portal/contract';

/**
 * A list's sortable keys (issue 59): each key is the columns of the list's keys query (`k.<column>` in the
 * order) that it sorts by, in order; the list's unique column(s) end every order, in the same direction, so
 * that the order is total and one index (owner, columns…, unique) walked either way serves it. The contract
 * names the keys (`sortQuery` in packages/contract), so an unknown key never reaches here.
 */
export interface SortSpec<K extends string> {
  /** a column written `<column>:asc` keeps ascending in both directions (a thread's replies under their post) */
  keys: Record<K, readonly string[]>;
  /** the tiebreak: unique within the list */
  unique: readonly string[];
  /** the spec's order (§9), used when the request names none */
  default: TSort<K>;
}

/** The order asked for (`sort`, `dir` of the query), or the list's default. */
export function sortOf<K extends string>(spec: SortSpec<K>, q: { sort?: K; dir?: TSortDir }): TSort<K> {
  if (!q.sort) return { key: spec.default.key, dir: q.dir ?? spec.default.dir };
  return { key: q.sort, dir: q.dir ?? 'asc' };
}

/** The columns an order reads besides the unique ones (to be selected by the list's keys query). */
export const sortColumns = <K extends string>(spec: SortSpec<K>, sort: TSort<K>) =>
  spec.keys[sort.key].map((c) => c.replace(/:asc$/, '')).filter((c) => !spec.unique.includes(c));

/** `k.<column> <dir>, …, k.<unique> <dir>`: the list's order over its keys (PageQuery.order). */
export function orderSql<K extends string>(spec: SortSpec<K>, sort: TSort<K>, alias = 'k'): SQL {
  const dir = sort.dir === 'desc' ? 'desc' : 'asc';
  const own = spec.keys[sort.key];
  const named = own.map((c) => c.replace(/:asc$/, ''));
  const cols = [...own, ...spec.unique.filter((u) => !named.includes(u))];
  return sql.raw(cols.map((c) => (c.endsWith(':asc') ? `${alias}.${c.slice(0, -4)} asc` : `${alias}.${c} ${dir}`)).join(', '));
}

/** Whether the order is the list's default one (the list's own paths: summaries, walks, export order). */
export const isDefaultSort = <K extends string>(spec: SortSpec<K>, sort: TSort<K>) =>
  sort.key === spec.default.key && sort.dir === spec.default.dir;

/** A list route's words on its orders (OpenAPI description). */
export const sortDescription = (keys: readonly string[], byDefault: string) =>
  `(addition) sort: one of ${keys.join(', ')} (any other answers 400 naming them), dir: asc (default) or desc; ` +
  `without sort the list keeps its default order (${byDefault}), each order ending on the row's number as a tiebreak.`;
