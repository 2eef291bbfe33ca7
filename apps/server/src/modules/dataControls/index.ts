/** 高级控件数据源 (issue 40, screens-round3 §5.4): remote lists a picker control can use. */
export { dataControlRoutes, DATA_CONTROLS_PERMISSION } from './routes.ts';
