import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helper';
import type { TestCompany } from '../../test/factories';

let t: TestContext;
let acme: TestCompany;
let other: TestCompany;
let token: string;
let otherToken: string;

beforeAll(async () => {
  t = await createTestApp();
  acme = await t.createCompany({ id: 'acme', password: 'acme-pass', companyName: '에이크미 출판' });
  other = await t.createCompany({ id: 'other', password: 'other-pass' });
  token = await t.login('acme', 'acme-pass');
  otherToken = await t.login('other', 'other-pass');
});
afterAll(() => t.close());

const profile = (over: Record<string, unknown> = {}) => ({
  company_name: '에이크미 출판',
  first_name: '지은',
  last_name: '김',
  registration_number: '220-81-12345',
  site_url: 'https://acme.example.com',
  country: 'KOR',
  zipcode: '04524',
  addressLine1: '서울특별시 중구 세종대로 110',
  addressLine2: '3층',
  business_conditions: '출판업',
  item: '도서',
  telephone: '02-1234-5678',
  fax: '02-1234-5679',
  email: ['a@acme.example.com', 'b@acme.example.com'],
  email_invoice: ['invoice@acme.example.com'],
  ...over,
});

const address = (over: Record<string, unknown> = {}) => ({
  address_name: 'Warehouse',
  country: 'KOR',
  zipcode: '10881',
  addressLine1: '경기도 파주시 회동길 123',
  addressLine2: '',
  telephone: '031-123-4567',
  fax: '',
  default_yn: '',
  ...over,
});

const issues = (res: { json: () => { issues?: { path: string; message: string }[] } }) =>
  Object.fromEntries((res.json().issues ?? []).map((i) => [i.path, i.message]));

const updateProfile = (body: object, tok = token, idx = acme.idx) =>
  t.inject(tok, { method: 'PATCH', url: `/api/company/companyUpdate/${idx}`, payload: body });
const postAddress = (body: object, tok = token) => t.inject(tok, { method: 'POST', url: '/api/company/CompanyAddress', payload: body });
const patchAddress = (idx: number, body: object, tok = token) =>
  t.inject(tok, { method: 'PATCH', url: `/api/company/CompanyAddress/${idx}`, payload: body });
const listAddresses = async (tok = token) =>
  (await t.inject(tok, { method: 'GET', url: '/api/company/CompanyAddress?start=0&length=100' })).json() as {
    dataset: { customer_address_idx: number; default_yn: string; address_name: string }[];
    total_cnt: number;
  };

describe(`company profile (${process.env.TEST_DB ?? 'pglite'})`, () => {
  it('getInfo answers the own profile with the e-mail lists comma-separated', async () => {
    const res = await t.inject(token, { method: 'GET', url: `/api/company/getInfo/${acme.idx}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ idx: acme.idx, id: 'acme', company_name: '에이크미 출판', country: 'KOR' });
  });

  it("another company's idx answers 404 on getInfo and companyUpdate, and changes nothing", async () => {
    const get = await t.inject(token, { method: 'GET', url: `/api/company/getInfo/${other.idx}` });
    expect(get.statusCode).toBe(404);
    expect(get.json().code).toBe('NOT_FOUND');
    const upd = await updateProfile(profile({ company_name: 'Hijacked' }), token, other.idx);
    expect(upd.statusCode).toBe(404);
    const theirs = await t.inject(otherToken, { method: 'GET', url: `/api/company/getInfo/${other.idx}` });
    expect(theirs.json().company_name).not.toBe('Hijacked');
    expect((await t.inject(token, { method: 'GET', url: '/api/company/getInfo/999999' })).statusCode).toBe(404);
  });

  it('e-mail lists round trip: arrays or comma-separated in, comma-separated stored and sent back', async () => {
    const res = await updateProfile(
      profile({ email: ['a@acme.example.com', ' b@acme.example.com '], email_invoice: 'x@acme.example.com, y@acme.example.com' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBe('a@acme.example.com,b@acme.example.com');
    expect(res.json().email_invoice).toBe('x@acme.example.com,y@acme.example.com');
    const again = (await t.inject(token, { method: 'GET', url: `/api/company/getInfo/${acme.idx}` })).json();
    expect(again.email).toBe('a@acme.example.com,b@acme.example.com');
    expect(again.email_invoice).toBe('x@acme.example.com,y@acme.example.com');
    expect(again.first_name).toBe('지은');
  });

  it('refuses an invalid e-mail and a duplicate (case-insensitive), naming the entry', async () => {
    const res = await updateProfile(profile({ email: ['a@acme.example.com', 'not-an-email', 'A@ACME.example.com'], email_invoice: [] }));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION');
    expect(issues(res)).toMatchObject({ 'body.email.1': 'email', 'body.email.2': 'duplicateEmail', 'body.email_invoice': 'required' });
  });

  it('answers every missing required field at once', async () => {
    const res = await updateProfile({ country: 'KOR' });
    expect(res.statusCode).toBe(400);
    const got = issues(res);
    for (const f of [
      'company_name',
      'first_name',
      'last_name',
      'registration_number',
      'zipcode',
      'addressLine1',
      'business_conditions',
      'item',
      'telephone',
      'email',
      'email_invoice',
    ]) {
      expect(got[`body.${f}`], f).toBe('required');
    }
    expect(got['body.city']).toBeUndefined(); // KOR: no city/state
  });

  it('counts the 45-character limit of the address lines in characters, Korean too', async () => {
    const ok = await updateProfile(profile({ addressLine1: '가'.repeat(45), addressLine2: '😀'.repeat(45) }));
    expect(ok.statusCode).toBe(200);
    expect(ok.json().addressLine1).toBe('가'.repeat(45));
    expect(ok.json().addressLine2).toBe('😀'.repeat(45));
    const tooLong = await updateProfile(profile({ addressLine1: '가'.repeat(46), addressLine2: 'b'.repeat(46) }));
    expect(tooLong.statusCode).toBe(400);
    expect(issues(tooLong)).toMatchObject({ 'body.addressLine1': 'maxLength:45', 'body.addressLine2': 'maxLength:45' });
  });

  it('city and state: required unless KOR, and stored empty for KOR', async () => {
    const missing = await updateProfile(profile({ country: 'USA' }));
    expect(missing.statusCode).toBe(400);
    expect(issues(missing)).toMatchObject({ 'body.city': 'required', 'body.state': 'required' });
    const usa = await updateProfile(profile({ country: 'USA', city: 'New York', state: 'NY' }));
    expect(usa.statusCode).toBe(200);
    expect(usa.json()).toMatchObject({ country: 'USA', city: 'New York', state: 'NY' });
    const kor = await updateProfile(profile({ country: 'KOR', city: 'Seoul', state: 'Seoul' }));
    expect(kor.statusCode).toBe(200);
    expect(kor.json()).toMatchObject({ country: 'KOR', city: '', state: '' });
  });

  it('the country must be a known 3-letter code', async () => {
    expect(issues(await updateProfile(profile({ country: 'KO' })))).toMatchObject({ 'body.country': 'country' });
    const unknown = await updateProfile(profile({ country: 'ZZZ', city: 'c', state: 's' }));
    expect(unknown.statusCode).toBe(400);
    expect(issues(unknown)).toEqual({ 'body.country': 'country' });
  });

  it('refuses bad phone, fax and site url, and a changed id', async () => {
    const bad = await updateProfile(profile({ telephone: 'call me', fax: 'x', site_url: 'javascript:alert(1)' }));
    expect(issues(bad)).toMatchObject({ 'body.telephone': 'phone', 'body.fax': 'phone', 'body.site_url': 'url' });
    const id = await updateProfile(profile({ id: 'renamed' }));
    expect(id.statusCode).toBe(400);
    expect(issues(id)).toEqual({ 'body.id': 'readOnly' });
    expect((await updateProfile(profile({ id: 'acme' }))).statusCode).toBe(200);
  });
});

describe('password change', () => {
  it('a wrong current password answers 400 wrongPassword and keeps the password', async () => {
    const res = await t.inject(token, {
      method: 'PATCH',
      url: '/api/company/passwordUpdate/',
      payload: { password_current: 'wrong-pass', password_change: 'new-pass-1' },
    });
    expect(res.statusCode).toBe(400);
    expect(issues(res)).toEqual({ 'body.password_current': 'wrongPassword' });
    await t.login('acme', 'acme-pass');
  });

  it('the new password needs 7 characters and must differ from the current one', async () => {
    const short = await t.inject(token, {
      method: 'PATCH',
      url: '/api/company/passwordUpdate/',
      payload: { password_current: 'acme-pass', password_change: 'abc' },
    });
    expect(issues(short)).toEqual({ 'body.password_change': 'minLength:7' });
    const same = await t.inject(token, {
      method: 'PATCH',
      url: '/api/company/passwordUpdate',
      payload: { password_current: 'acme-pass', password_change: 'acme-pass' },
    });
    expect(issues(same)).toEqual({ 'body.password_change': 'samePassword' });
    const missing = await t.inject(token, { method: 'PATCH', url: '/api/company/passwordUpdate/', payload: {} });
    expect(issues(missing)).toMatchObject({ 'body.password_current': 'required', 'body.password_change': 'required' });
  });

  it('after a change every other token of the company is refused, the current one and other companies keep working', async () => {
    const pw = await t.createCompany({ id: 'pwco', password: 'first-pass' });
    const current = await t.login('pwco', 'first-pass');
    const older = await t.login('pwco', 'first-pass');
    const refreshed = (await t.inject(older, { method: 'GET', url: '/api/company/refresh' })).json().access_token as string;
    // the spec's path has a trailing slash; both forms answer
    const res = await t.inject(current, {
      method: 'PATCH',
      url: '/api/company/passwordUpdate/',
      payload: { password_current: 'first-pass', password_change: 'second-pass' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success' });
    for (const tok of [older, refreshed]) {
      expect((await t.inject(tok, { method: 'GET', url: `/api/company/getInfo/${pw.idx}` })).statusCode).toBe(401);
    }
    expect((await t.inject(current, { method: 'GET', url: `/api/company/getInfo/${pw.idx}` })).statusCode).toBe(200);
    expect((await t.inject(otherToken, { method: 'GET', url: `/api/company/getInfo/${other.idx}` })).statusCode).toBe(200);
    // the old password no longer logs in, the new one does; passwordCheck agrees
    const oldLogin = await t.app.inject({
      method: 'POST',
      url: '/api/company/login',
      payload: { id: 'pwco', password: 'first-pass', company_division: 'AUT' },
    });
    expect(oldLogin.statusCode).toBe(401);
    const fresh = await t.login('pwco', 'second-pass');
    expect((await t.inject(fresh, { method: 'GET', url: '/api/common/passwordCheck?id=pwco&password=second-pass' })).json()).toBe(true);
    expect((await t.inject(fresh, { method: 'GET', url: '/api/common/passwordCheck?id=pwco&password=first-pass' })).json()).toBe(false);
    // without the trailing slash too
    const back = await t.inject(fresh, {
      method: 'PATCH',
      url: '/api/company/passwordUpdate',
      payload: { password_current: 'second-pass', password_change: 'third-pass' },
    });
    expect(back.statusCode).toBe(200);
    expect((await t.inject(current, { method: 'GET', url: `/api/company/getInfo/${pw.idx}` })).statusCode).toBe(401);
  });

  it('needs a token', async () => {
    const res = await t.inject(null, {
      method: 'PATCH',
      url: '/api/company/passwordUpdate/',
      payload: { password_current: 'x', password_change: 'yyyyyyy' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('addresses', () => {
  it('create, detail (array), update, list and delete a KOR address', async () => {
    const created = await postAddress(address({ city: 'ignored', state: 'ignored' }));
    expect(created.statusCode).toBe(200);
    const a = created.json();
    expect(a).toMatchObject({ company_idx: acme.idx, address_name: 'Warehouse', country: 'KOR', city: '', state: '', default_yn: '' });
    const detail = await t.inject(token, { method: 'GET', url: `/api/company/CompanyAddressDetail/${a.customer_address_idx}` });
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toEqual([a]);
    const upd = await patchAddress(a.customer_address_idx, address({ address_name: 'Main warehouse', addressLine2: '2동' }));
    expect(upd.statusCode).toBe(200);
    expect(upd.json()).toMatchObject({ customer_address_idx: a.customer_address_idx, address_name: 'Main warehouse', addressLine2: '2동' });
    const list = await listAddresses();
    expect(list.dataset.map((r) => r.address_name)).toContain('Main warehouse');
    const del = await t.inject(token, { method: 'DELETE', url: `/api/company/CompanyAddress/${a.customer_address_idx}` });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ status: 'success', deleted: 1 });
    expect((await t.inject(token, { method: 'GET', url: `/api/company/CompanyAddressDetail/${a.customer_address_idx}` })).statusCode).toBe(
      404,
    );
  });

  it('validation: required fields, 45 characters (Korean), city/state unless KOR, known country, default_yn Y or empty', async () => {
    const empty = await postAddress({});
    expect(empty.statusCode).toBe(400);
    expect(issues(empty)).toMatchObject({
      'body.address_name': 'required',
      'body.country': 'required',
      'body.zipcode': 'required',
      'body.addressLine1': 'required',
      'body.telephone': 'required',
    });
    const long = await postAddress(address({ addressLine1: '가'.repeat(46), addressLine2: '나'.repeat(46) }));
    expect(issues(long)).toMatchObject({ 'body.addressLine1': 'maxLength:45', 'body.addressLine2': 'maxLength:45' });
    const exact = await postAddress(address({ addressLine1: '가'.repeat(45), addressLine2: '나'.repeat(45) }));
    expect(exact.statusCode).toBe(200);
    const foreign = await postAddress(address({ country: 'JPN' }));
    expect(issues(foreign)).toMatchObject({ 'body.city': 'required', 'body.state': 'required' });
    const jp = await postAddress(address({ country: 'JPN', city: 'Tokyo', state: 'Tokyo', zipcode: '100-0001' }));
    expect(jp.statusCode).toBe(200);
    expect(jp.json()).toMatchObject({ country: 'JPN', city: 'Tokyo', state: 'Tokyo' });
    expect(issues(await postAddress(address({ country: 'XYZ', city: 'c', state: 's' })))).toEqual({ 'body.country': 'country' });
    expect(issues(await postAddress(address({ default_yn: 'N' })))).toEqual({ 'body.default_yn': 'defaultYn' });
    // the same rules on update
    const upd = await patchAddress(jp.json().customer_address_idx, address({ country: 'JPN', addressLine1: '가'.repeat(46) }));
    expect(issues(upd)).toMatchObject({ 'body.addressLine1': 'maxLength:45', 'body.city': 'required' });
  });

  it('keeps a single default address per company', async () => {
    const first = (await postAddress(address({ address_name: 'Default 1', default_yn: 'Y' }))).json();
    const second = (await postAddress(address({ address_name: 'Default 2', default_yn: 'Y' }))).json();
    expect(second.default_yn).toBe('Y');
    let defaults = (await listAddresses()).dataset.filter((r) => r.default_yn === 'Y');
    expect(defaults.map((r) => r.customer_address_idx)).toEqual([second.customer_address_idx]);
    // making the first one the default again moves the flag back
    expect((await patchAddress(first.customer_address_idx, address({ address_name: 'Default 1', default_yn: 'Y' }))).statusCode).toBe(200);
    defaults = (await listAddresses()).dataset.filter((r) => r.default_yn === 'Y');
    expect(defaults.map((r) => r.customer_address_idx)).toEqual([first.customer_address_idx]);
    // another company's default is untouched and independent
    const theirs = (await postAddress(address({ default_yn: 'Y' }), otherToken)).json();
    expect(theirs.default_yn).toBe('Y');
    expect((await listAddresses()).dataset.filter((r) => r.default_yn === 'Y')).toHaveLength(1);
    // the database refuses a second default even behind the service's back
    await expect(t.db.execute(`update customer_addresses set default_yn = 'Y' where company_idx = ${acme.idx}`)).rejects.toThrow();
  });

  it('concurrent default addresses: every answer is 200 or 409, and exactly one default remains', async () => {
    const results = await Promise.all([1, 2, 3, 4, 5].map((n) => postAddress(address({ address_name: `Race ${n}`, default_yn: 'Y' }))));
    for (const r of results) expect([200, 409]).toContain(r.statusCode);
    expect(results.some((r) => r.statusCode === 200)).toBe(true);
    const defaults = (await listAddresses()).dataset.filter((r) => r.default_yn === 'Y');
    expect(defaults).toHaveLength(1);
  });

  it("another company's address answers 404 on detail, update and delete, and stays as it was", async () => {
    const theirs = (await postAddress(address({ address_name: 'Theirs' }), otherToken)).json();
    const id = theirs.customer_address_idx;
    expect((await t.inject(token, { method: 'GET', url: `/api/company/CompanyAddressDetail/${id}` })).statusCode).toBe(404);
    expect((await patchAddress(id, address({ address_name: 'Mine now' }))).statusCode).toBe(404);
    const mine = (await postAddress(address({ address_name: 'Mine' }))).json();
    // a delete mixing own and foreign rows deletes nothing
    const del = await t.inject(token, { method: 'DELETE', url: `/api/company/CompanyAddress/${mine.customer_address_idx},${id}` });
    expect(del.statusCode).toBe(404);
    expect(
      (await t.inject(token, { method: 'GET', url: `/api/company/CompanyAddressDetail/${mine.customer_address_idx}` })).statusCode,
    ).toBe(200);
    const still = await t.inject(otherToken, { method: 'GET', url: `/api/company/CompanyAddressDetail/${id}` });
    expect(still.json()[0].address_name).toBe('Theirs');
    expect((await listAddresses()).dataset.map((r) => r.address_name)).not.toContain('Theirs');
  });

  it('deletes several at once and answers the list paged', async () => {
    const a = (await postAddress(address({ address_name: 'Bulk A' }))).json().customer_address_idx;
    const b = (await postAddress(address({ address_name: 'Bulk B' }))).json().customer_address_idx;
    const before = await listAddresses();
    const page = (await t.inject(token, { method: 'GET', url: '/api/company/CompanyAddress?start=0&length=2' })).json();
    expect(page.dataset).toHaveLength(2);
    expect(page.total_cnt).toBe(before.total_cnt);
    const del = await t.inject(token, { method: 'DELETE', url: `/api/company/CompanyAddress/${a},${b}` });
    expect(del.json()).toEqual({ status: 'success', deleted: 2 });
    expect((await listAddresses()).total_cnt).toBe(before.total_cnt - 2);
    expect((await t.inject(token, { method: 'DELETE', url: '/api/company/CompanyAddress/abc' })).statusCode).toBe(400);
  });
});

describe('contact persons (addition)', () => {
  const contact = (over: Record<string, unknown> = {}) => ({
    name: '박민수',
    department: '영업부',
    position: '과장',
    email: 'minsu@acme.example.com',
    telephone: '02-555-0101',
    mobile: '010-1234-5678',
    ...over,
  });

  it('create, list, detail, update and delete', async () => {
    const created = await t.inject(token, { method: 'POST', url: '/api/company/CompanyContactPerson', payload: contact() });
    expect(created.statusCode).toBe(200);
    const c = created.json();
    expect(c).toMatchObject({ company_idx: acme.idx, name: '박민수', email: 'minsu@acme.example.com' });
    const list = (await t.inject(token, { method: 'GET', url: '/api/company/CompanyContactPerson' })).json();
    expect(list.dataset).toContainEqual(c);
    const upd = await t.inject(token, {
      method: 'PATCH',
      url: `/api/company/CompanyContactPerson/${c.contact_person_idx}`,
      payload: contact({ position: '부장' }),
    });
    expect(upd.json().position).toBe('부장');
    const detail = await t.inject(token, { method: 'GET', url: `/api/company/CompanyContactPersonDetail/${c.contact_person_idx}` });
    expect(detail.json()).toEqual([upd.json()]);
    const del = await t.inject(token, { method: 'DELETE', url: `/api/company/CompanyContactPerson/${c.contact_person_idx}` });
    expect(del.json()).toEqual({ status: 'success', deleted: 1 });
    const after = (await t.inject(token, { method: 'GET', url: '/api/company/CompanyContactPerson' })).json();
    expect(after.dataset.map((r: { contact_person_idx: number }) => r.contact_person_idx)).not.toContain(c.contact_person_idx);
  });

  it('validates name, e-mail and phone numbers', async () => {
    const res = await t.inject(token, {
      method: 'POST',
      url: '/api/company/CompanyContactPerson',
      payload: contact({ name: ' ', email: 'nope', mobile: 'abc' }),
    });
    expect(res.statusCode).toBe(400);
    expect(issues(res)).toEqual({ 'body.name': 'required', 'body.email': 'email', 'body.mobile': 'phone' });
  });

  it("another company's contact person answers 404", async () => {
    const theirs = (await t.inject(otherToken, { method: 'POST', url: '/api/company/CompanyContactPerson', payload: contact() })).json();
    const id = theirs.contact_person_idx;
    expect(
      (await t.inject(token, { method: 'PATCH', url: `/api/company/CompanyContactPerson/${id}`, payload: contact() })).statusCode,
    ).toBe(404);
    expect((await t.inject(token, { method: 'DELETE', url: `/api/company/CompanyContactPerson/${id}` })).statusCode).toBe(404);
    expect((await t.inject(token, { method: 'GET', url: `/api/company/CompanyContactPersonDetail/${id}` })).statusCode).toBe(404);
    expect((await t.inject(otherToken, { method: 'GET', url: `/api/company/CompanyContactPersonDetail/${id}` })).statusCode).toBe(200);
  });
});

describe('OpenAPI', () => {
  it('documents the spec paths and marks the additions', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const paths = Object.keys(doc.paths);
    for (const p of [
      '/api/company/getInfo/{idx}',
      '/api/company/companyUpdate/{idx}',
      // the spec's `passwordUpdate/` answers too; the document names it without the trailing slash (Redocly's rule)
      '/api/company/passwordUpdate',
      '/api/company/CompanyAddress',
      '/api/company/CompanyAddress/{customer_address_idx}',
      '/api/company/CompanyAddressDetail/{customer_address_idx}',
      '/api/company/CompanyContactPerson',
    ]) {
      expect(paths, p).toContain(p);
    }
    expect(paths).not.toContain('/api/company/passwordUpdate/');
    expect(doc.paths['/api/company/passwordUpdate'].patch.description).toContain('`/api/company/passwordUpdate/`');
    expect(doc.paths['/api/company/CompanyAddress'].get.description).toContain('(addition)');
    expect(doc.paths['/api/company/CompanyAddress/{customer_address_idx}'].delete.description).toContain('(addition)');
    expect(doc.paths['/api/company/CompanyContactPerson'].post.description).toContain('(addition)');
    expect(doc.paths['/api/company/CompanyAddress'].post.description ?? '').not.toContain('(addition)');
  });
});
