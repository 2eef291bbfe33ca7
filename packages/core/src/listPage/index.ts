export * from './settings.ts';
export * from './queryBar.ts';
export * from './jump.ts';
export * from './importExport.ts';
export * from './buttonAccess.ts';
export * from './sensorSettingsV2.ts';
export * from './listTotal.ts';
export * from './appSettings.ts';
