import type { AutomationNodeType } from '@park/core';
import type { CanvasRegistry } from '../../../flowCanvas/index.ts';
import { actionKind } from './action/index.tsx';
import { conditionKind } from './condition/index.tsx';
import type { DesignerContext } from './context.ts';
import { routeKind } from './route/index.tsx';
import { triggerKind } from './trigger/index.tsx';

/** The automation designer's canvas kinds, one per core AUTOMATION_NODES type. */
export const AUTOMATION_CANVAS: CanvasRegistry<AutomationNodeType, DesignerContext> = {
  0: triggerKind,
  1: actionKind,
  2: conditionKind,
  3: routeKind,
};
