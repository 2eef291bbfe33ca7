import { BranchesOutlined } from '@ant-design/icons';
import { APPROVAL_NODES } from '@park/core';
import type { CanvasNodeKind } from '../../../../flowCanvas/index.ts';
import type { ApprovalDesignContext } from '../../context.ts';

/** 条件分支: a route; added from the + with two branches. */
export const routeKind: CanvasNodeKind<ApprovalDesignContext> = {
  definition: APPROVAL_NODES[4],
  color: '#15bc83',
  summary: () => '按条件选择分支',
  addEntry: { label: '条件分支', icon: <BranchesOutlined />, order: 3 },
};
