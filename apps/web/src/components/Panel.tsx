import { Result } from 'antd';
import type { ReactNode } from 'react';

interface Props {
  icon: ReactNode;
  title: string;
  body: string;
  extra?: ReactNode;
}

/** A centred message panel for pages that have nothing else to show. */
export default function Panel({ icon, title, body, extra }: Props) {
  return (
    <section className="tm-panel">
      <Result icon={icon} title={title} subTitle={body} extra={extra} />
    </section>
  );
}
