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
      {/* a real heading, so the page has one for screen readers and outline */}
      <Result icon={icon} title={<h1 className="tm-panel-title">{title}</h1>} subTitle={body} extra={extra} />
    </section>
  );
}
