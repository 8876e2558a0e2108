import { contactPersons, customerAddresses } from '../schema';
import type { SeedContext } from './registry';

/** Demo rows of the company domain: addresses (one default each) and contact persons. */
export async function seedCompany(ctx: SeedContext): Promise<void> {
  const { db } = ctx;
  await db.insert(customerAddresses).values([
    {
      companyIdx: ctx.demo,
      addressName: '본사 (Head office)',
      country: 'KOR',
      zipcode: '04524',
      addressLine1: '서울특별시 중구 세종대로 110',
      addressLine2: '3층',
      telephone: '02-1234-5678',
      fax: '02-1234-5679',
      defaultYn: 'Y',
    },
    {
      companyIdx: ctx.demo,
      addressName: '파주 물류센터 (Paju warehouse)',
      country: 'KOR',
      zipcode: '10881',
      addressLine1: '경기도 파주시 회동길 145',
      telephone: '031-955-0000',
    },
    {
      companyIdx: ctx.demo2,
      addressName: 'Head office',
      country: 'USA',
      zipcode: '10001',
      addressLine1: '350 Fifth Avenue',
      addressLine2: 'Suite 100',
      city: 'New York',
      state: 'NY',
      telephone: '+1-212-555-0100',
      defaultYn: 'Y',
    },
  ]);
  await db.insert(contactPersons).values([
    {
      companyIdx: ctx.demo,
      name: '박민수',
      department: '영업부',
      position: '과장',
      email: 'minsu.park@demo.example.com',
      telephone: '02-1234-5680',
      mobile: '010-1234-5678',
    },
    {
      companyIdx: ctx.demo2,
      name: 'Jamie Lee',
      department: 'Rights',
      position: 'Manager',
      email: 'jamie@maple.example.com',
      telephone: '+1-212-555-0101',
    },
  ]);
}
