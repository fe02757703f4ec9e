import { Empty } from 'antd';
import { Fragment, type CSSProperties, type Key, type ReactNode } from 'react';
import './data-grid.css';

export interface Column<T> {
  key: string;
  title: string;
  render: (row: T) => ReactNode;
  /** right-aligned, tabular figures */
  numeric?: boolean;
  /** names the row (a currency): on a card it is the unlabelled title */
  heading?: boolean;
  /** share of the row's width against the other columns (1 unless given), e.g. 3 for an address */
  weight?: number;
}

const cellClass = (column: Column<unknown>) =>
  [column.numeric && 'tm-grid-num', column.heading && 'tm-grid-heading'].filter(Boolean).join(' ') || undefined;

interface Props<T> {
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => Key;
  /** buttons at the end of each row */
  actions?: (row: T) => ReactNode;
  /** a panel opened under a row, or null */
  panel?: (row: T) => ReactNode;
  /** what to say, and what to do, when there are no rows */
  empty: ReactNode;
  label: string;
}

/**
 * A table that turns into one card per row on narrow screens: the same cells, each labelled
 * with its column title (from data-label), so nothing has to scroll sideways.
 */
export default function DataGrid<T>({ columns, rows, rowKey, actions, panel, empty, label }: Props<T>) {
  const style = {
    // a figure keeps its width (never broken between digits); the other columns give way
    '--tm-grid-cols': [
      ...columns.map((column) => `minmax(${column.numeric ? 'min-content' : '0'}, ${column.weight ?? 1}fr)`),
      ...(actions ? ['minmax(0, 1.4fr)'] : []),
    ].join(' '),
  } as CSSProperties;
  if (rows.length === 0) return <Empty className="tm-grid-empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />;
  return (
    <div className="tm-grid" role="table" aria-label={label} style={style}>
      <div className="tm-grid-row tm-grid-head" role="row">
        {columns.map((column) => (
          <span key={column.key} role="columnheader" className={column.numeric ? 'tm-grid-num' : undefined}>
            {column.title}
          </span>
        ))}
        {actions && <span role="columnheader" />}
      </div>
      {rows.map((row) => {
        const open = panel?.(row);
        return (
          <Fragment key={rowKey(row)}>
            <div className={open ? 'tm-grid-row tm-grid-open' : 'tm-grid-row'} role="row">
              {columns.map((column) => (
                <span
                  key={column.key}
                  role={column.heading ? 'rowheader' : 'cell'}
                  data-label={column.heading ? undefined : column.title}
                  className={cellClass(column as Column<unknown>)}
                >
                  {column.render(row)}
                </span>
              ))}
              {actions && (
                <span role="cell" className="tm-grid-actions">
                  {actions(row)}
                </span>
              )}
            </div>
            {open && <div className="tm-grid-panel">{open}</div>}
          </Fragment>
        );
      })}
    </div>
  );
}
