import { get } from '../../lib/http.ts';

/** 专项服务 › 巡检点二维码's calls (issue 41): the checkpoints' 新增 codes on 巡检记录 and their A4 sheet. */

export interface CheckpointCode {
  name: string;
  /** The mobile address the code carries, without the origin. */
  url: string;
}

export async function loadCheckpointCodes(): Promise<{ formId: number; codes: CheckpointCode[] }> {
  return (await get<{ data: { formId: number; codes: CheckpointCode[] } }>('/api/inspection/checkpointCodes')).data;
}

export const CHECKPOINT_SHEET_URL = '/api/inspection/checkpointSheet';
