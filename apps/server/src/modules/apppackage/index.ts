/**
 * The application packages module's face (issue 41, ADR 0054): 应用管理's routes, and the install
 * the demo seed ships its applications through.
 */
export { appPackageRoutes, APP_PACKAGE_PERM } from './routes.ts';
export { installFormMenu, installReportMenu } from './repo.ts';
export { exportPackage, findInstalledApp, installedFormIds, installPackageFile, packParts, previewPackageFile, readPackageFile, PackageRefused, sha256 } from './service.ts';
