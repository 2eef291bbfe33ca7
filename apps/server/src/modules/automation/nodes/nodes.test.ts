import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTOMATION_NODES } from '@park/core';
import { createTestApp, type TestApp } from '../../../../test/testApp.ts';
import { createForm, addRecord, flow, runAll, testEngine, vehicleMeta } from '../testSupport.ts';
import { AUTOMATION_RUNTIMES } from './index.ts';

/*
 * The server's node runtimes (issue 45): one per core node type, and a type the registry does not
 * know fails the execution instead of passing as a silent success.
 */

let t: TestApp;
let admin: string;
let vehicle: number;
const q = async (text: string, params: unknown[] = []) => (await t.sql.query(text, params)).rows;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  vehicle = await createForm(t, admin, '危化品车辆入园登记（节点）', vehicleMeta());
});
afterAll(() => t.close());

describe('automation node runtimes', () => {
  it('has one runtime per core node type, acting exactly where core has an action', () => {
    expect(Object.keys(AUTOMATION_RUNTIMES)).toEqual(Object.keys(AUTOMATION_NODES));
    expect(Object.entries(AUTOMATION_RUNTIMES).filter(([, r]) => r.kind === 'action').map(([type]) => AUTOMATION_NODES[Number(type) as 1].label)).toEqual(['动作']);
  });

  it('fails an execution at a node type it does not know, sending nothing', async () => {
    const msg = { actionType: 'msgTask', messageType: '0', title: '标题', content: '内容', menuUrl: '/home', recipient: { type: 3 } };
    const saved = await t.call(admin, 'POST', '/api/automation/flow/save', { flowName: '未知节点', nodeConfig: flow(vehicle, 'insert', [{ conf: msg }]) });
    expect(saved.json()).toMatchObject({ errCode: 0 });
    const flowId = saved.json().id as number;
    // A version written before a node type was removed (saving it now is refused with 未知的节点类型).
    await q(
      `update auto_flow_version set node_config = jsonb_set(node_config, '{childNode,conditionNodes,0,childNode}', $2::jsonb) where flow_id = $1`,
      [flowId, JSON.stringify({ nodeId: 'odd', nodeName: '旧节点', type: 9, childNode: { nodeId: 'act-1', nodeName: '动作1', type: 1, conf: msg, childNode: null } })],
    );
    const before = (await q(`select count(*)::int as n from msg_message`))[0].n;
    await addRecord(t, admin, vehicle, { plate_no: '鄂E90009' });
    await runAll(t, testEngine(t));
    const [exec] = await q(`select status, error from auto_execution where flow_id = $1`, [flowId]);
    expect(exec).toEqual({ status: 'failed', error: '未知的节点类型：9' });
    // Only the owner's failure message went out, not the action's.
    expect((await q(`select count(*)::int as n from msg_message`))[0].n).toBe(before + 1);
  });
});
