import { Alert, Button, Skeleton } from 'antd';
import type { Key } from 'react';
import { useTranslation } from 'react-i18next';
import DataGrid, { type Column } from '../../components/DataGrid';
import type { PagedList } from './queries';

interface Props<T> {
  list: PagedList<T>;
  columns: Column<T>[];
  rowKey: (row: T) => Key;
  empty: string;
  label: string;
}

/** A paged list: its rows, then "load more" while the server has more, then "no more". */
export default function PagedGrid<T>({ list, columns, rowKey, empty, label }: Props<T>) {
  const { t } = useTranslation();
  if (list.error && !list.data) return <Alert type="error" showIcon title={list.error.message} />;
  if (!list.data) return <Skeleton active paragraph={{ rows: 3 }} />;
  const { items, hasMore } = list.data;
  return (
    <>
      <DataGrid columns={columns} rows={items} rowKey={rowKey} empty={empty} label={label} />
      {items.length > 0 && (
        <div className="tm-w-more">
          {hasMore ? (
            <Button type="link" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
              {t('wallet.loadMore')}
            </Button>
          ) : (
            <span>{t('wallet.noMore')}</span>
          )}
        </div>
      )}
    </>
  );
}
