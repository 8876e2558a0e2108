import { describe, expect, it } from 'vitest';
import { operationIdOf } from './openapi';

describe('operationIdOf', () => {
  it('names an operation by its method and path, parameters as By<Name>', () => {
    expect(operationIdOf('POST', '/api/company/login')).toBe('postCompanyLogin');
    expect(operationIdOf('GET', '/api/calculate/buyInvoiceSend')).toBe('getCalculateBuyInvoiceSend');
    expect(operationIdOf('GET', '/api/help/bbs/:bbs_name/:idx')).toBe('getHelpBbsByBbsNameByIdx');
    expect(operationIdOf('DELETE', '/api/company/CompanyAddress/{customer_address_idx}')).toBe(
      'deleteCompanyCompanyAddressByCustomerAddressIdx',
    );
  });

  it('differs for every method and path of the same words', () => {
    const ids = [
      operationIdOf('GET', '/api/common/fileDownload'),
      operationIdOf('POST', '/api/common/fileDownload'),
      operationIdOf('GET', '/api/help/bbs/:bbs_name'),
      operationIdOf('GET', '/api/help/bbs/:bbs_name/:idx'),
    ];
    expect(new Set(ids).size).toBe(ids.length);
  });
});
