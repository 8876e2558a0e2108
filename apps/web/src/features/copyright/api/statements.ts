import type { TPaging, TStatementList, TStatementsFilter } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, saveBlob } from '../../../lib/api-client';

/** GET copyright/statements (addition, issue 18): the company's royalty statements the filter keeps, newest period first. */
export const getStatements = (paging: TPaging, filter: TStatementsFilter, signal?: AbortSignal) =>
  api.get<TStatementList>('copyright/statements', { query: { ...paging, search_value: filter }, signal });

export const statementsQuery = (paging: TPaging, filter: TStatementsFilter) =>
  queryOptions({
    queryKey: ['copyright', 'statements', filter, paging],
    queryFn: ({ signal }) => getStatements(paging, filter, signal),
    placeholderData: keepPreviousData,
  });

export const useStatements = (paging: TPaging, filter: TStatementsFilter) => useQuery(statementsQuery(paging, filter));

/** GET copyright/statements/{idx}/pdf: saved as <number>.pdf. */
export async function downloadStatement(idx: number, number: string) {
  const { blob, fileName } = await api.download('GET', `copyright/statements/${idx}/pdf`);
  saveBlob(blob, fileName ?? `${number}.pdf`);
}
