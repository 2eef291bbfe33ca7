import { describe, expect, it } from 'vitest';
import { buildDocTree, docEntryError, docFileType, docTreeFits, docTreeNameError, docTreeParentError, filterDocTree, DOC_SOURCE } from './rules.ts';

/* 文件库's shared rules (issue 38): the browser dialog and the server run these same functions. */
describe('doc rules', () => {
  it('keeps trees within three levels with the original messages', () => {
    expect(docTreeParentError('classification', 3)).toBe('此为三级分类 ,不能作为上级分类选择');
    expect(docTreeParentError('tag', 3)).toBe('此为三级标签 ,不能作为上级标签选择');
    expect(docTreeParentError('tag', 2)).toBeNull();
    expect(docTreeParentError('tag', null)).toBeNull();
    expect(docTreeFits(1, 2)).toBe(true);
    expect(docTreeFits(2, 2)).toBe(false);
    expect(docTreeNameError('classification', '  ')).toBe('请输入分类名称');
    expect(docTreeNameError('tag', undefined)).toBe('请输入标签名称');
  });

  it('checks the save dialog in the original order', () => {
    expect(docEntryError(DOC_SOURCE.share, { fileId: 1 })).toBe('分类不能为空');
    expect(docEntryError(DOC_SOURCE.share, { classificationId: 1 })).toBe('上传共享文件不能为空');
    expect(docEntryError(DOC_SOURCE.enterprise, { classificationId: 1, fileId: 2 })).toBe('请先选择所属企业（团队）');
    expect(docEntryError(DOC_SOURCE.enterprise, { classificationId: 1, fileId: 2, tenantId: 3 })).toBeNull();
  });

  it('builds, sorts and searches trees; types files by suffix', () => {
    const n = (id: number, parentId: number | null, name: string, catalogIndex = 0) => ({ id, parentId, name, level: 1, source: 0, tenantId: null, catalogIndex });
    const tree = buildDocTree([n(3, 1, '乙'), n(1, null, '根'), n(2, 1, '甲', -1)]);
    expect(tree.map((x) => x.name)).toEqual(['根']);
    expect(tree[0]!.children.map((x) => x.name)).toEqual(['甲', '乙']);
    expect(filterDocTree(tree, '乙')[0]!.children.map((x) => x.name)).toEqual(['乙']);
    expect(docFileType('手册.PDF')).toBe('pdf');
    expect(docFileType('README')).toBe('');
  });
});
