import { UserOutlined } from '@ant-design/icons';
import { APPROVAL_NODES } from '@park/core';
import type { CanvasNodeKind } from '../../../../flowCanvas/index.ts';
import type { ApprovalDesignContext } from '../../context.ts';

/** 发起人: whoever submits; not editable beyond its title. */
export const initiatorKind: CanvasNodeKind<ApprovalDesignContext> = {
  definition: APPROVAL_NODES[0],
  color: '#576a95',
  summary: () => (
    <span>
      <UserOutlined /> 所有人
    </span>
  ),
};
