/**
 * 数据备份 (issue 28) under 系统管理: for the system administrator unless granted (it shows the
 * server's backup directory). Seeded by seed.ts's `menus-backup` step.
 */
export const BACKUP_MENU = {
  name: '数据备份',
  path: '/system/backup',
  component: 'BackupManage',
  iconName: 'cangkucangchu',
  perms: 'system:backup',
  roles: [] as string[],
};
