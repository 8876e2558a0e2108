import { ZBooksExcelResponse, ZCountry, ZRoyaltyResponse, type TBooksExcelResponse, type TRoyaltyResponse } from '@portal/contract';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { z } from 'zod';
import { loginInfo } from './data';

/** A JSON answer that first passes the call's response schema (the contract). */
export const answer = <T extends JsonBodyType>(schema: z.ZodType<T>, body: T, init?: ResponseInit) =>
  HttpResponse.json(schema.parse(body), init);

export const api = (path: string) => `/api/${path.replace(/^\//, '')}`;

const COUNTRIES = [
  { idx: 1, code_2: 'KR', code_3: 'KOR', full_name: 'Korea, Republic of' },
  { idx: 2, code_2: 'US', code_3: 'USA', full_name: 'United States' },
];

/** Calls many pages make: who is logged in, the country list. Tests add their screen's calls with server.use(). */
export const handlers = [
  http.get(api('company/loginInfo'), () => HttpResponse.json(loginInfo())),
  http.get(api('common/getCountry'), () => answer(z.array(ZCountry), COUNTRIES)),
];

/** GET copyright/royalty answering with the given page (checked against ZRoyaltyResponse). */
export const royaltyAnswer = (body: TRoyaltyResponse) => answer(ZRoyaltyResponse, body);
/** POST product/booksExcel's answer (checked against ZBooksExcelResponse). */
export const booksSavedAnswer = (body: TBooksExcelResponse) => answer(ZBooksExcelResponse, body);
