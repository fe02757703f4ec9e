import { Alert, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useWalletList, type WalletList } from './queries';

/** Renders its children with the wallet list once it is read; a skeleton before, the refusal on failure. */
export default function WalletQuery({ children }: { children: (list: WalletList) => ReactNode }) {
  const list = useWalletList();
  if (list.error) return <Alert type="error" showIcon title={list.error.message} />;
  if (!list.data) return <Skeleton active paragraph={{ rows: 6 }} />;
  return children(list.data);
}
