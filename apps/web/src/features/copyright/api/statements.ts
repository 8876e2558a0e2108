import type { TPaging, TStatementList } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, saveBlob } from '../../../lib/api-client';

/** GET copyright/statements (addition, issue 18): the company's royalty statements, newest period first. */
export const getStatements = (paging: TPaging, signal?: AbortSignal) =>
  api.get<TStatementList>('copyright/statements', { query: { ...paging }, signal });

export const statementsQuery = (paging: TPaging) =>
  queryOptions({
    queryKey: ['copyright', 'statements', paging],
    queryFn: ({ signal }) => getStatements(paging, signal),
    placeholderData: keepPreviousData,
  });

export const useStatements = (paging: TPaging) => useQuery(statementsQuery(paging));

/** GET copyright/statements/{idx}/pdf: saved as <number>.pdf. */
export async function downloadStatement(idx: number, number: string) {
  const { blob, fileName } = await api.download('GET', `copyright/statements/${idx}/pdf`);
  saveBlob(blob, fileName ?? `${number}.pdf`);
}
