import { describe, expect, it } from 'vitest';
import { validateLogin } from './login-page';

describe('login rules (spec §5)', () => {
  it('needs an id and a password of at least 7 characters', () => {
    expect(validateLogin('', '')).toEqual({ id: 'required', password: 'required' });
    expect(validateLogin('   ', 'demo1234')).toEqual({ id: 'required' });
    expect(validateLogin('demo', 'demo12')).toEqual({ password: 'minLength' });
    expect(validateLogin('demo', 'demo123')).toEqual({});
  });
});
