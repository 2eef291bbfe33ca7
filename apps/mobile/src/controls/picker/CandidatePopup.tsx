import { useRef, useState } from 'react';
import { Button, CheckList, ErrorBlock, InfiniteScroll, Popup, SearchBar, Toast } from 'antd-mobile';
import type { FormControl } from '@park/core';
import { loadCandidates, PickerConfigError, type Candidate } from './sources.ts';
import { nameOf } from '../common/values.ts';

export interface CandidatePopupProps {
  control: FormControl;
  formId: number;
  getValue(model: string): unknown;
  /** Ids chosen now (multi pickers start from them). */
  chosen: readonly string[];
  multiple: boolean;
  onClose(): void;
  onPick(rows: Candidate[]): void;
}

/**
 * The phone's picker: a bottom sheet with a search box and the candidates as a list that loads
 * more as it is scrolled. One tap picks for a single picker; a multi picker checks rows and
 * takes them with 确定. Rows already held but not loaded are kept as they are.
 */
export function CandidatePopup({ control, formId, getValue, chosen, multiple, onClose, onPick }: CandidatePopupProps) {
  const [keyword, setKeyword] = useState('');
  const [rows, setRows] = useState<Candidate[]>([]);
  const [page, setPage] = useState(0);
  const [hasMore, setHasMore] = useState(true);
  const [failed, setFailed] = useState<string | null>(null);
  const [checked, setChecked] = useState<string[]>([...chosen]);
  const seen = useRef(new Map<string, Candidate>());
  const generation = useRef(0);

  /** A new keyword starts the list again; an answer to an older one is dropped. */
  const searchFor = (next: string) => {
    generation.current += 1;
    setKeyword(next);
    setRows([]);
    setPage(0);
    setHasMore(true);
    setFailed(null);
  };

  const loadMore = async () => {
    const mine = generation.current;
    try {
      const next = await loadCandidates({ control, formId, keyword, pageNum: page + 1, getValue });
      if (mine !== generation.current) return;
      for (const r of next.rows) seen.current.set(r.id, r);
      setRows((prev) => {
        const all = [...prev, ...next.rows];
        setHasMore(next.rows.length > 0 && all.length < next.total);
        return all;
      });
      setPage((p) => p + 1);
    } catch (err) {
      setHasMore(false);
      if (err instanceof PickerConfigError) {
        setFailed(err.message);
        Toast.show({ content: err.message });
      } else setFailed('加载失败');
    }
  };

  return (
    <Popup visible onMaskClick={onClose} bodyClassName="m-popup m-popup-tall" destroyOnClose>
      <div className="m-popup-title">选择{nameOf(control)}</div>
      <SearchBar placeholder="搜索" onSearch={searchFor} onClear={() => searchFor('')} />
      <div className="m-popup-list" data-testid="picker-list">
        {failed && rows.length === 0 ? (
          <ErrorBlock status="default" title={failed} description="" />
        ) : (
          <CheckList
            multiple={multiple}
            value={multiple ? checked : chosen.slice(0, 1)}
            onChange={(v) => {
              const ids = v.map(String);
              if (multiple) setChecked(ids);
              else {
                const hit = rows.find((r) => r.id === ids[0]);
                if (hit) onPick([hit]);
              }
            }}
          >
            {rows.map((r) => (
              <CheckList.Item key={r.id} value={r.id} description={r.note || undefined}>
                {r.label || r.id}
              </CheckList.Item>
            ))}
          </CheckList>
        )}
        <InfiniteScroll loadMore={loadMore} hasMore={hasMore}>
          {hasMore ? '加载中…' : rows.length === 0 && !failed ? '暂无数据' : '没有更多了'}
        </InfiniteScroll>
      </div>
      {multiple && (
        <div className="m-popup-actions">
          <Button onClick={onClose}>取消</Button>
          <Button
            color="primary"
            onClick={() => onPick(checked.map((id) => seen.current.get(id) ?? { id, label: '', note: '', raw: {} }))}
          >
            确定
          </Button>
        </div>
      )}
    </Popup>
  );
}
