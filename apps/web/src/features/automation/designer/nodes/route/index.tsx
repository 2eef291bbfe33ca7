import { BranchesOutlined } from '@ant-design/icons';
import { AUTOMATION_NODES } from '@park/core';
import type { CanvasNodeKind } from '../../../../flowCanvas/index.ts';
import type { DesignerContext } from '../context.ts';

/** Type 3, a route: drawn as its branches; added from the menu as 条件分支 with 条件1 and 条件2. */
export const routeKind: CanvasNodeKind<DesignerContext> = {
  definition: AUTOMATION_NODES[3],
  color: '#15bc83',
  summary: () => '',
  addEntry: { label: '条件分支', icon: <BranchesOutlined />, order: 2 },
};
