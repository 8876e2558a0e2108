import { describe, expect, it } from 'vitest';
import { screenHref, screenOfPath } from './screens';

describe('screenHref', () => {
  it('fills the path parameters of a screen of the table and appends the query', () => {
    expect(screenHref('/calculate/sale')).toBe('/calculate/sale');
    expect(screenHref('/help/bbs/:bbs_name/view/:idx?', { bbs_name: 'qna', idx: 42 })).toBe('/help/bbs/qna/view/42');
    expect(screenHref('/help/bbs/:bbs_name/view/:idx?', { bbs_name: 'qna' })).toBe('/help/bbs/qna/view');
    expect(screenHref('/password-reset/confirm', {}, { token: 'a/b+c' })).toBe('/password-reset/confirm?token=a%2Fb%2Bc');
  });

  it('gives links the web router opens as the screen named', () => {
    expect(screenOfPath(screenHref('/help/bbs/:bbs_name/view/:idx?', { bbs_name: 'qna', idx: 7 }))?.path).toBe(
      '/help/bbs/:bbs_name/view/:idx?',
    );
  });
});
