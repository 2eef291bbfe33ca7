/** Chart data and ECharts options shared by the browser's chart widgets and the server's dashboard picture. */
export * from './chartData.ts';
export * from './cartesian.ts';
export * from './options.ts';
