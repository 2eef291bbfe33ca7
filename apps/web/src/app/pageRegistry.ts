import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * Menu `component` names to pages. A registry rather than a switch: a menu names its page by
 * string, and each page is its own lazily loaded chunk.
 */
export type PageComponent = LazyExoticComponent<ComponentType>;

export const pageRegistry: Record<string, PageComponent> = {
  // 应用管理 (issue 41): application packages
  AppManagement: lazy(() => import('../features/apppackage/AppManagementPage.tsx').then((m) => ({ default: m.AppManagementPage }))),
  // 专项服务 › 门岗运单 (危化品运输, issue 41)
  GateWaybills: lazy(() => import('../features/transport/GateWaybillsPage.tsx').then((m) => ({ default: m.GateWaybillsPage }))),
  // 租户管理 › 租户信息 (issue 36)
  TenantManage: lazy(() => import('../features/tenant/manage/TenantManagePage.tsx').then((m) => ({ default: m.TenantManagePage }))),
  // 微应用 (issue 37): 功能管理, 微应用管理, 模板管理, 工作台
  MicroAppFunction: lazy(() => import('../features/micro/MicroAppFunctionPage.tsx').then((m) => ({ default: m.MicroAppFunctionPage }))),
  MicroAppManager: lazy(() => import('../features/micro/MicroAppManagerPage.tsx').then((m) => ({ default: m.MicroAppManagerPage }))),
  MicroAppTemplate: lazy(() => import('../features/micro/MicroAppTemplatePage.tsx').then((m) => ({ default: m.MicroAppTemplatePage }))),
  TenantWorkbench: lazy(() => import('../features/micro/TenantWorkbenchPage.tsx').then((m) => ({ default: m.TenantWorkbenchPage }))),
  // 通讯录 (issue 38): 内部联系人, 部门, 外部联系人
  InsideContacts: lazy(() => import('../features/book/InsideContactsPage.tsx').then((m) => ({ default: m.InsideContactsPage }))),
  BookDepartment: lazy(() => import('../features/book/BookDepartmentPage.tsx').then((m) => ({ default: m.BookDepartmentPage }))),
  OutsideContacts: lazy(() => import('../features/book/OutsideContactsPage.tsx').then((m) => ({ default: m.OutsideContactsPage }))),
  // 信息发布 (issue 38): 平台公告, 企业公告, 我的公告; 系统管理 › 短信设置
  PlatformNotice: lazy(() => import('../features/notice/NoticeListPage.tsx').then((m) => ({ default: m.PlatformNoticePage }))),
  EnterpriseNotice: lazy(() => import('../features/notice/NoticeListPage.tsx').then((m) => ({ default: m.EnterpriseNoticePage }))),
  MyNotice: lazy(() => import('../features/notice/MyNoticePage.tsx').then((m) => ({ default: m.MyNoticePage }))),
  SmsSetting: lazy(() => import('../features/notice/SmsSettingPage.tsx').then((m) => ({ default: m.SmsSettingPage }))),
  // 文档管理 (issue 38, ADR 0052): 共享文件库, 企业文件库, 个人文件夹, 我的文件
  ShareDoc: lazy(() => import('../features/doc/DocLibraryPage.tsx').then((m) => ({ default: m.ShareDocPage }))),
  EnterpriseDoc: lazy(() => import('../features/doc/DocLibraryPage.tsx').then((m) => ({ default: m.EnterpriseDocPage }))),
  PersonalDoc: lazy(() => import('../features/doc/DocLibraryPage.tsx').then((m) => ({ default: m.PersonalDocPage }))),
  MyDoc: lazy(() => import('../features/doc/MyDocPage.tsx').then((m) => ({ default: m.MyDocPage }))),
  // 租户管理 › 表单分配 (issue 36)
  FormTenantAllot: lazy(() => import('../features/tenant/form/FormTenantAllotPage.tsx').then((m) => ({ default: m.FormTenantAllotPage }))),
  // 租户管理 › 组织 / 用户 / 角色 / 菜单 / 数据字典: the park's view of one tenant (issue 36)
  TenantOrg: lazy(() => import('../features/tenant/org/TenantOrgPage.tsx').then((m) => ({ default: m.TenantOrgPage }))),
  TenantUser: lazy(() => import('../features/tenant/user/TenantUserPage.tsx').then((m) => ({ default: m.TenantUserPage }))),
  TenantRole: lazy(() => import('../features/tenant/role/TenantRolePage.tsx').then((m) => ({ default: m.TenantRolePage }))),
  TenantMenu: lazy(() => import('../features/tenant/menu/TenantMenuPage.tsx').then((m) => ({ default: m.TenantMenuPage }))),
  TenantDataDic: lazy(() => import('../features/tenant/dic/TenantDataDicPage.tsx').then((m) => ({ default: m.TenantDataDicPage }))),
  Home: lazy(() => import('../features/home/HomePage.tsx').then((m) => ({ default: m.HomePage }))),
  // 待办事项 and the task page (issue 20): approvals to do, done, started by me and copied to me.
  WaitDoneTask: lazy(() => import('../features/approval/TaskListsPage.tsx').then((m) => ({ default: m.TaskListsPage }))),
  MsgList: lazy(() => import('../features/msg/MsgListPage.tsx').then((m) => ({ default: m.MsgListPage }))),
  ExecutingFormTask: lazy(() =>
    import('../features/formTask/FormTaskPages.tsx').then((m) => ({ default: m.ExecutingFormTaskPage })),
  ),
  FormTaskList: lazy(() =>
    import('../features/formTask/FormTaskPages.tsx').then((m) => ({ default: m.FormTaskListPage })),
  ),
  FormTaskInfo: lazy(() => import('../features/approval/TaskPage.tsx').then((m) => ({ default: m.TaskPage }))),
  FormCustom: lazy(() =>
    import('../features/form/FormListPage.tsx').then((m) => ({ default: m.FormListPage })),
  ),
  // 表单管理 (issue 9): groups and the forms' lifecycle; 设计 opens the designer.
  FormManage: lazy(() => import('../features/formManage/FormManagePage.tsx').then((m) => ({ default: m.FormManagePage }))),
  // 表单设计 (issue 9): /form/design/N, opened from 表单管理.
  FormDesign: lazy(() => import('../features/designer/FormDesignPage.tsx').then((m) => ({ default: m.FormDesignPage }))),
  // 流程设计 (issue 20): /form/flow/N, opened from 表单管理.
  FlowDesign: lazy(() => import('../features/approval/designer/ApprovalDesignPage.tsx').then((m) => ({ default: m.ApprovalDesignPage }))),
  // 系统管理 › 节假日 (issue 20): the calendar of approval time limits.
  HolidayManage: lazy(() => import('../features/approval/HolidayPage.tsx').then((m) => ({ default: m.HolidayPage }))),
  // 系统管理 (issue 5)
  UserManage: lazy(() => import('../features/system/user/UserManagePage.tsx').then((m) => ({ default: m.UserManagePage }))),
  OrgManage: lazy(() => import('../features/system/org/OrgManagePage.tsx').then((m) => ({ default: m.OrgManagePage }))),
  RoleManage: lazy(() => import('../features/system/role/RoleManagePage.tsx').then((m) => ({ default: m.RoleManagePage }))),
  MenuManage: lazy(() => import('../features/system/menu/MenuManagePage.tsx').then((m) => ({ default: m.MenuManagePage }))),
  DictManage: lazy(() => import('../features/system/dict/DictManagePage.tsx').then((m) => ({ default: m.DictManagePage }))),
  SysManage: lazy(() => import('../features/system/sys/SysManagePage.tsx').then((m) => ({ default: m.SysManagePage }))),
  DataControls: lazy(() => import('../features/system/dataControls/DataControlsPage.tsx').then((m) => ({ default: m.DataControlsPage }))),
  Theme: lazy(() => import('../features/system/theme/ThemePage.tsx').then((m) => ({ default: m.ThemePage }))),
  DataSyn: lazy(() => import('../features/system/sync/DataSynPage.tsx').then((m) => ({ default: m.DataSynPage }))),
  OptLog: lazy(() => import('../features/system/log/OptLogPage.tsx').then((m) => ({ default: m.OptLogPage }))),
  SecuritySettings: lazy(() =>
    import('../features/system/settings/SecuritySettingsPage.tsx').then((m) => ({ default: m.SecuritySettingsPage })),
  ),
  ChangePassword: lazy(() =>
    import('../features/system/password/ChangePasswordPage.tsx').then((m) => ({ default: m.ChangePasswordPage })),
  ),
  // 数据备份 (issue 28): the backups and their state.
  BackupManage: lazy(() =>
    import('../features/system/backup/BackupManagePage.tsx').then((m) => ({ default: m.BackupManagePage })),
  ),
  // 企业管理 (issue 6): review of registered companies and their users.
  CompanyManage: lazy(() => import('../features/company/CompanyManagePage.tsx').then((m) => ({ default: m.CompanyManagePage }))),
  // 设备管理 (issue 23): park devices and their ingestion tokens.
  DeviceManage: lazy(() => import('../features/park/DeviceManagePage.tsx').then((m) => ({ default: m.DeviceManagePage }))),
  // The form runtime's fixed pages (issue 7): full-page add and the read-only detail view.
  FullCustom: lazy(() => import('../features/form/FullCustomPage.tsx').then((m) => ({ default: m.FullCustomPage }))),
  FormDetail: lazy(() => import('../features/form/FormDetailPage.tsx').then((m) => ({ default: m.FormDetailPage }))),
  // 自动化 › 执行记录 (issue 18)
  AutomationExecution: lazy(() =>
    import('../features/automation/executions/ExecutionListPage.tsx').then((m) => ({ default: m.ExecutionListPage })),
  ),
  // 自动化 › 流程管理 and the designer (issue 19).
  AutomationFlowManage: lazy(() => import('../features/automation/designer/FlowManagePage.tsx').then((m) => ({ default: m.FlowManagePage }))),
  AutomationFlowDesign: lazy(() => import('../features/automation/designer/FlowDesignPage.tsx').then((m) => ({ default: m.FlowDesignPage }))),
  // 报表设计 (issue 21): datasources and datasets.
  DataSourceManage: lazy(() => import('../features/report/ReportDatasourceManagePage.tsx').then((m) => ({ default: m.ReportDatasourceManagePage }))),
  DataSetManage: lazy(() => import('../features/report/DataSetManagePage.tsx').then((m) => ({ default: m.DataSetManagePage }))),
  // 报表管理, the report designer and a published report (issue 22).
  ReportManage: lazy(() => import('../features/report/manage/ReportManagePage.tsx').then((m) => ({ default: m.ReportManagePage }))),
  ReportDesign: lazy(() => import('../features/report/designer/ReportDesignPage.tsx').then((m) => ({ default: m.ReportDesignPage }))),
  ReportCustom: lazy(() => import('../features/report/viewer/ReportViewPage.tsx').then((m) => ({ default: m.ReportViewPage }))),
  // 专项服务 › 巡检点二维码 (issue 41): the 巡检 application's checkpoint codes.
  InspectionCodes: lazy(() => import('../features/inspection/InspectionCodesPage.tsx').then((m) => ({ default: m.InspectionCodesPage }))),
  // 报表设计 › 自动报表 (issue 39, ADR 0057).
  AutoReport: lazy(() => import('../features/report/autoReport/AutoReportPage.tsx').then((m) => ({ default: m.AutoReportPage }))),
  // 视频监控 (issue 25): the video wall, live and playback, through the DSS gateway and the DHPlayer plug-in.
  VideoWall: lazy(() => import('../features/video/VideoWallPage.tsx').then((m) => ({ default: m.VideoWallPage }))),
  // 园区监管 (issue 24): the park console, one folder per screen under features/park/console.
  ParkOverview: lazy(() => import('../features/park/console/overview/OverviewPage.tsx').then((m) => ({ default: m.OverviewPage }))),
  ParkMap: lazy(() => import('../features/park/console/map/ParkMapPage.tsx').then((m) => ({ default: m.ParkMapPage }))),
  ParkAlarm: lazy(() => import('../features/park/console/alarms/AlarmDisposalPage.tsx').then((m) => ({ default: m.AlarmDisposalPage }))),
  ParkGate: lazy(() => import('../features/park/console/gate/GatePage.tsx').then((m) => ({ default: m.GatePage }))),
  ParkBroadcast: lazy(() => import('../features/park/console/broadcast/BroadcastPage.tsx').then((m) => ({ default: m.BroadcastPage }))),
  HazmatAnalysis: lazy(() => import('../features/park/console/hazmat/HazmatAnalysisPage.tsx').then((m) => ({ default: m.HazmatAnalysisPage }))),
  AlarmAnalysis: lazy(() => import('../features/park/console/alarmAnalysis/AlarmAnalysisPage.tsx').then((m) => ({ default: m.AlarmAnalysisPage }))),
  NotFound: lazy(() => import('../lib/ErrorPages.tsx').then((m) => ({ default: m.NotFoundPage }))),
  Forbidden: lazy(() => import('../lib/ErrorPages.tsx').then((m) => ({ default: m.ForbiddenPage }))),
};
