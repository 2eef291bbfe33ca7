import type { Recipient } from '@park/core';

/** A card's one-line summary of who a recipient rule names. */
export function recipientText(r: Recipient | undefined, continuous = false): string {
  if (!r) return '请设置';
  switch (Number(r.type)) {
    case 1:
      return (r.person ?? []).length > 0 ? (r.person ?? []).map((p) => p.name ?? p.id).join('、') : '请选择成员';
    case 2:
      return continuous ? `连续多级主管（至第${Number(r.leader ?? 1)}级）` : `第${Number(r.leader ?? 1)}级主管`;
    case 3:
      return '发起人自己';
    case 0:
      return (r.role ?? []).length > 0 ? `角色：${(r.role ?? []).map((x) => x.roleName ?? x.roleId).join('、')}` : '请选择角色';
    default:
      return '已设置';
  }
}
