import { useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { CapsuleTabs, ErrorBlock, InfiniteScroll, NavBar, SearchBar } from '../lib/listUi.ts';
import { LazyPullToRefresh } from '../lib/LazyPullToRefresh.tsx';
import { useQuery } from '@tanstack/react-query';
import { appCardHasFooter, appHasSearch, appQueryConditions, appSearchPlaceholder, appSettingsOf, type AppEnumChoice } from '@park/core';
import { loadFormActions, queryRecords, type FormDefinition, type ListRow } from './api.ts';
import { cardReader, type CardTexts } from './cards.ts';

import { MOBILE_LIST_PAGE_SIZE } from '../boot/earlyCalls.ts';

function Card({ texts, footer, onOpen }: { texts: CardTexts; footer: boolean; onOpen(): void }) {
  return (
    <button type="button" className="m-card" onClick={onOpen} data-testid="list-card">
      {(texts.title || texts.rightTop) && (
        <div className="m-card-head">
          <span className="m-card-title">{texts.title}</span>
          <span className="m-card-right-top">{texts.rightTop}</span>
        </div>
      )}
      {texts.cols.map((c, i) => (
        <div className="m-card-line" key={i}>
          <span className="m-card-label">{c.label}：</span>
          <span className="m-card-value">{c.text}</span>
        </div>
      ))}
      {footer && (
        <div className="m-card-foot">
          <span>{texts.leftBottom}</span>
          <span>{texts.rightBottom}</span>
        </div>
      )}
    </button>
  );
}

/**
 * A form's list on the phone, laid out by its appSensorSettings: cards with the designer's slots,
 * the search box when search fields are set, each enum condition as a row of tabs, pages of 20
 * loaded as the list is scrolled, pull to refresh, a tap opens the record, + adds one. The data
 * is the desktop list's call (queryformdata), so the same view right and data scope apply.
 */
export function FormList({ definition }: { definition: FormDefinition }) {
  const navigate = useNavigate();
  const { formId, meta } = definition;
  const settings = useMemo(() => appSettingsOf(meta), [meta]);
  const read = useMemo(() => cardReader(meta, settings), [meta, settings]);
  const [search, setSearch] = useState('');
  const [enums, setEnums] = useState<AppEnumChoice>({});
  const [rows, setRows] = useState<ListRow[]>([]);
  const [hasMore, setHasMore] = useState(true);
  const [failed, setFailed] = useState(false);
  const page = useRef(0);
  const generation = useRef(0);
  const actions = useQuery({ queryKey: ['m-form-actions', formId], queryFn: ({ signal }) => loadFormActions(formId, signal), staleTime: 60_000 });
  const conditions = useMemo(() => appQueryConditions(settings, search, enums), [settings, search, enums]);

  const restart = () => {
    generation.current += 1;
    page.current = 0;
    setRows([]);
    setFailed(false);
    setHasMore(true);
  };

  const loadMore = async () => {
    const mine = generation.current;
    try {
      const next = await queryRecords(formId, page.current + 1, MOBILE_LIST_PAGE_SIZE, conditions);
      if (mine !== generation.current) return;
      page.current += 1;
      setRows((prev) => {
        const all = [...prev, ...next.rows];
        setHasMore(next.rows.length === MOBILE_LIST_PAGE_SIZE && all.length < next.total);
        return all;
      });
    } catch {
      if (mine !== generation.current) return;
      setFailed(true);
      setHasMore(false);
    }
  };

  const footer = appCardHasFooter(settings);
  return (
    <div className="m-page m-form-list">
      <NavBar onBack={() => void navigate(-1)}>{definition.formName}</NavBar>
      {appHasSearch(settings) && (
        <SearchBar
          className="m-list-search"
          placeholder={appSearchPlaceholder(settings)}
          onSearch={(q) => {
            setSearch(q);
            restart();
          }}
          onClear={() => {
            setSearch('');
            restart();
          }}
        />
      )}
      {settings.queryCondition.enumConditions.map((e) => (
        <CapsuleTabs
          key={e.key}
          activeKey={enums[e.key] ?? ''}
          onChange={(v) => {
            setEnums((prev) => ({ ...prev, [e.key]: v }));
            restart();
          }}
        >
          <CapsuleTabs.Tab key="" title={`全部${e.name}`} />
          {e.options.map((o) => (
            <CapsuleTabs.Tab key={o.value} title={o.label} />
          ))}
        </CapsuleTabs>
      ))}
      <LazyPullToRefresh
        pullingText="下拉刷新"
        canReleaseText="释放立即刷新"
        refreshingText="加载中…"
        completeText="刷新成功"
        onRefresh={async () => {
          restart();
          await Promise.resolve();
        }}
      >
        <div className="m-cards">
          {rows.map((row) => (
            <Card key={row.id} texts={read(row)} footer={footer} onOpen={() => void navigate(`/form/${formId}/record/${row.id}`)} />
          ))}
          {failed && rows.length === 0 && <ErrorBlock status="disconnected" title="加载失败" description="下拉重新加载" />}
          <InfiniteScroll loadMore={loadMore} hasMore={hasMore}>
            {hasMore ? '加载中…' : rows.length === 0 && !failed ? '暂无数据' : failed ? '加载失败，下拉重试' : '没有更多了'}
          </InfiniteScroll>
        </div>
      </LazyPullToRefresh>
      {actions.data?.has('add') && (
        // A fixed round button where antd-mobile's FloatingBubble stood: the bubble's dragging brought
        // its gesture and animation libraries into the list's first load for a button nobody drags.
        <button type="button" className="m-fab-button" aria-label="新增" onClick={() => void navigate(`/form/${formId}/add`)}>
          <span className="m-fab">＋</span>
        </button>
      )}
    </div>
  );
}
