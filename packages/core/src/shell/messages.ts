/**
 * Shell texts of spec 002 §2 and §8, in full-width Chinese punctuation (issue 42: the spec's
 * half-width commas and marks read as typos in Chinese text).
 */
export const NO_MENU_ALERT = '您无任何菜单权限，请联系管理员进行授权！';
export const LOGOUT_CONFIRM = '确认注销当前用户吗？';
export const LOGOUT_FAILED = '退出失败，请联系管理员';
export const LOGIN_FAILED = '用户名或密码错误';
export const TOP_BAR_TITLE = '封闭区域管理';
export const MENU_CACHE_KEY = 'router';
