import type { TFaqResponse, TUiLanguage } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET help/faq?lang: the FAQ entries written in one language, by tab then position. */
export const getFaq = (lang: TUiLanguage, signal?: AbortSignal) => api.get<TFaqResponse>('help/faq', { query: { lang }, signal });

export const faqQuery = (lang: TUiLanguage) =>
  queryOptions({
    queryKey: ['help', 'faq', lang],
    queryFn: ({ signal }) => getFaq(lang, signal),
    retry: false,
  });

export const useFaq = (lang: TUiLanguage, enabled = true) => useQuery({ ...faqQuery(lang), enabled });
