import { describe, expect, it } from 'vitest';
import { loginPathFor, safeRedirect } from './redirect';

const ORIGIN = 'https://portal.example';
/** Where the browser really goes: the WHATWG URL parser (Node's URL is the same parser). */
const landsOn = (target: string) => new URL(target, `${ORIGIN}/login`);

describe('post-login redirect', () => {
  it('keeps same-site paths with their query', () => {
    expect(safeRedirect('/copyright/royalty?x=1')).toBe('/copyright/royalty?x=1');
    expect(safeRedirect('/help/bbs/qna/view/3')).toBe('/help/bbs/qna/view/3');
    expect(safeRedirect(null)).toBe('/dashboard');
    expect(safeRedirect('')).toBe('/dashboard');
  });

  it('refuses other sites and the login page itself', () => {
    for (const target of [
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      'evil.example',
      'javascript:alert(1)',
      '/login?redirect=/x',
    ])
      expect(safeRedirect(target), JSON.stringify(target)).toBe('/dashboard');
  });

  it('strips tab, newline and control characters as the browser does, then judges what is left', () => {
    // each of these is //evil.example or /\evil.example to the browser's URL parser
    const tricks = [
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r\n/evil.example',
      '/\t\\evil.example',
      '\t//evil.example',
      ' //evil.example',
      '\u0000//evil.example',
      '//\tevil.example',
      '/\t/\tevil.example/dashboard',
      '/\t/login',
    ];
    for (const target of tricks) {
      expect(landsOn(target).origin, `the browser reads ${JSON.stringify(target)} as another site`).not.toBe(ORIGIN);
      const chosen = safeRedirect(target);
      expect(chosen, JSON.stringify(target)).toBe('/dashboard');
      expect(landsOn(chosen).origin).toBe(ORIGIN);
    }
  });

  it('a path with a stray control character still goes where the browser would take it, on this site', () => {
    expect(safeRedirect('/dashboard\n')).toBe('/dashboard');
    expect(safeRedirect('\t/copyright/\tbooks')).toBe('/copyright/books');
    expect(landsOn(safeRedirect('/copy\u000bright')).origin).toBe(ORIGIN);
  });

  it('the guard never puts a cross-site target into the login link', () => {
    expect(loginPathFor('/\t/evil.example')).toBe('/login');
    expect(loginPathFor('/settings/companyEdit')).toBe('/login?redirect=%2Fsettings%2FcompanyEdit');
  });
});
