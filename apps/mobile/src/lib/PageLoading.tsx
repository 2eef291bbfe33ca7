import { DotLoading } from './firstUi.ts';

export function PageLoading({ text = '加载中' }: { text?: string }) {
  return (
    <div className="m-loading" role="status">
      <DotLoading color="primary" />
      <span>{text}</span>
    </div>
  );
}
