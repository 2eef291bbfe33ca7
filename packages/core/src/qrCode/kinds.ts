/** The three lists of 二维码设置 (新增填报 / 查看数据 / 编辑数据); their own file so conf.ts and subTables.ts share them without a circle. */
export type QrListKind = 'add' | 'query' | 'edit';
export const QR_LIST_KINDS: readonly QrListKind[] = ['add', 'query', 'edit'];
