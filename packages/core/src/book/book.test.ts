import { describe, expect, it } from 'vitest';
import { BOOK_MAX_PAGE_SIZE, BOOK_PAGE_SIZE, BOOK_QUERY_MAX, BOOK_TEXT, joinNames, parseBookQuery } from './index.ts';

describe('parseBookQuery (通讯录, shared by the browser and the server)', () => {
  it('defaults and clamps the paging, trims names and drops blank ones', () => {
    expect(parseBookQuery({})).toEqual({ ok: true, query: { pageNum: 1, pageSize: BOOK_PAGE_SIZE, tenantName: undefined, userName: undefined, orgName: undefined } });
    const r = parseBookQuery({ pageNum: '0', pageSize: '100000', tenantName: '  甲化工 ', userName: '   ' });
    expect(r).toEqual({ ok: true, query: { pageNum: 1, pageSize: BOOK_MAX_PAGE_SIZE, tenantName: '甲化工', userName: undefined, orgName: undefined } });
    expect(parseBookQuery({ pageNum: 'x', pageSize: '-3' })).toMatchObject({ query: { pageNum: 1, pageSize: 1 } });
  });

  it('refuses a name longer than the limit, in Chinese', () => {
    expect(parseBookQuery({ orgName: '部'.repeat(BOOK_QUERY_MAX) }).ok).toBe(true);
    expect(parseBookQuery({ orgName: '部'.repeat(BOOK_QUERY_MAX + 1) })).toEqual({ ok: false, message: BOOK_TEXT.queryTooLong });
  });

  it('joins departments and roles for a table cell', () => {
    expect(joinNames([{ orgName: '安全部' }, { orgName: '办公室' }], 'orgName')).toBe('安全部，办公室');
    expect(joinNames([], 'roleName')).toBe('');
  });
});
