import { fileUrls } from '../api.ts';
import { SheetView } from '../sheet/SheetView.tsx';
import type { RendererProps } from './types.ts';

export function SheetRenderer({ file }: RendererProps) {
  return <SheetView url={fileUrls.download(file.fileId)} />;
}
