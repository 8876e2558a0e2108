import type { TBookInput, TBooksExcelResponse } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST product/booksExcel {data}: all rows in one transaction; already registered ISBNs are reported. */
export const saveBooks = (data: TBookInput[]) => api.post<TBooksExcelResponse>('product/booksExcel', { data });

export const useSaveBooks = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveBooks,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['books', 'list'] }),
  });
};
