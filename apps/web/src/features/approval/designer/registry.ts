import type { ApprovalNodeType } from '@park/core';
import type { CanvasRegistry } from '../../flowCanvas/index.ts';
import type { ApprovalDesignContext } from './context.ts';
import { approverKind } from './nodes/approver/index.tsx';
import { ccKind } from './nodes/cc/index.tsx';
import { conditionKind } from './nodes/condition/index.tsx';
import { initiatorKind } from './nodes/initiator/index.tsx';
import { routeKind } from './nodes/route/index.tsx';

/** The approval designer's canvas kinds, one folder per node type, exhaustive over APPROVAL_NODES. */
export const APPROVAL_CANVAS: CanvasRegistry<ApprovalNodeType, ApprovalDesignContext> = {
  0: initiatorKind,
  1: approverKind,
  2: ccKind,
  3: conditionKind,
  4: routeKind,
};
