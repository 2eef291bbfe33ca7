import { ConditionError, FlowValueError } from '@park/core';
import { AppError, databaseRefusal } from '../../plugins/errors.ts';

/** PostgreSQL error classes that pass: serialization, deadlock, lock wait, lost or refused connections, resources, shutdown. */
const TRANSIENT_SQLSTATE = /^(40001|40P01|55P03|57014|57P0[1-4]|08\d{3}|53\d{3})$/;
const TRANSIENT_NODE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EAI_AGAIN']);

export type FailureKind = 'transient' | 'permanent';

/** The work lost its claim (another worker took it over): stop without recording anything. */
export class LeaseLost extends Error {
  override name = 'LeaseLost';
}

/** A failure the flow itself causes: retrying will not help, the reason is for the owner. */
export class FlowFailure extends Error {
  override name = 'FlowFailure';
}

export function classify(err: unknown): FailureKind {
  // The database refusing the write itself (a record under approval, ADR 0026) will refuse it again.
  if (databaseRefusal(err)) return 'permanent';
  if (err instanceof AppError || err instanceof ConditionError || err instanceof FlowValueError || err instanceof FlowFailure) return 'permanent';
  const code = (err as { code?: unknown })?.code;
  if (typeof code === 'string' && (TRANSIENT_SQLSTATE.test(code) || TRANSIENT_NODE.has(code))) return 'transient';
  const message = err instanceof Error ? err.message : '';
  if (/Connection terminated|connection timeout|timeout exceeded when trying to connect/i.test(message)) return 'transient';
  return 'permanent';
}

/** The reason shown to people, in Chinese; database internals are not shown. */
export function reasonOf(err: unknown): string {
  const refusal = databaseRefusal(err);
  if (refusal) return refusal.message;
  if (err instanceof AppError || err instanceof ConditionError || err instanceof FlowValueError || err instanceof FlowFailure) return err.message;
  const code = (err as { code?: unknown })?.code;
  if (code === '40P01') return '数据库死锁，稍后重试';
  if (code === '55P03') return '等待数据锁超时，稍后重试';
  if (code === '40001') return '并发冲突，稍后重试';
  if (classify(err) === 'transient') return '数据库暂时不可用，稍后重试';
  return `执行出错：${err instanceof Error ? err.message.slice(0, 200) : String(err)}`;
}
