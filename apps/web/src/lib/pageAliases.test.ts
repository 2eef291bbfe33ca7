import { describe, expect, it } from 'vitest';
import { canonicalPage, ORIGIN_PAGE_ALIASES } from './pageAliases.ts';
import { pageRegistry } from '../app/pageRegistry.ts';

describe('original view names', () => {
  it('each stand for a page we have, and never shadow one of our own names', () => {
    for (const [alias, page] of Object.entries(ORIGIN_PAGE_ALIASES)) {
      expect(Object.hasOwn(pageRegistry, page), `${alias} → ${page}`).toBe(true);
      expect(Object.hasOwn(pageRegistry, alias), alias).toBe(false);
    }
  });

  it('resolve to our names; our own names and unknown names pass through', () => {
    expect(canonicalPage('FormCustomV2')).toBe('FormCustom');
    expect(canonicalPage('User')).toBe('UserManage');
    expect(canonicalPage('MsgList')).toBe('MsgList');
    expect(canonicalPage('Nope')).toBe('Nope');
    expect(canonicalPage(null)).toBeNull();
  });
});
