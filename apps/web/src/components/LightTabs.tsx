import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import './light-tabs.css';

export interface LightTab<K extends string> {
  key: K;
  label: string;
  disabled?: boolean;
  /** the tab's panel; tabs without panels switch what the caller shows under them */
  children?: ReactNode;
}

interface Props<K extends string> {
  items: LightTab<K>[];
  /** the open tab when the caller holds it; otherwise the first one opens */
  activeKey?: K;
  onChange?: (key: K) => void;
  className?: string;
  size?: 'small' | 'middle';
}

/**
 * A tab strip in the look of antd's Tabs, for what the first paint shows (the market's tabs, the
 * account forms' e-mail or phone): antd's Tabs brings its overflow menu and dropdown (some 15 KB
 * brotli) for strips that never overflow. The WAI-ARIA tabs pattern: arrow keys, Home and End move
 * and open; a panel once opened stays mounted (a chart keeps its data), hidden while another shows.
 */
export default function LightTabs<K extends string>({ items, activeKey, onChange, className, size = 'middle' }: Props<K>) {
  const id = useId();
  const [ownKey, setOwnKey] = useState(items[0]?.key);
  const active = activeKey ?? ownKey;
  const [visited, setVisited] = useState(() => new Set(active === undefined ? [] : [active]));
  const buttons = useRef(new Map<K, HTMLButtonElement>());
  if (active !== undefined && !visited.has(active)) setVisited(new Set(visited).add(active));

  const open = (key: K) => {
    if (key === active) return;
    setOwnKey(key);
    onChange?.(key);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const enabled = items.filter((tab) => !tab.disabled);
    const at = enabled.findIndex((tab) => tab.key === active);
    const step: Record<string, number> = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: enabled.length - 1 };
    if (!(event.key in step) || enabled.length === 0) return;
    event.preventDefault();
    const next = enabled[(step[event.key]! + enabled.length) % enabled.length]!.key;
    open(next);
    buttons.current.get(next)?.focus();
  };
  const panels = items.some((tab) => tab.children !== undefined);

  return (
    <div className={['tm-tabs', `tm-tabs-${size}`, className].filter(Boolean).join(' ')}>
      <div role="tablist" className="tm-tabs-list" onKeyDown={onKeyDown}>
        {items.map((tab) => (
          <button
            key={tab.key}
            ref={(button) => void (button ? buttons.current.set(tab.key, button) : buttons.current.delete(tab.key))}
            type="button"
            role="tab"
            id={`${id}-tab-${tab.key}`}
            aria-selected={tab.key === active}
            aria-controls={panels ? `${id}-panel-${tab.key}` : undefined}
            tabIndex={tab.key === active ? 0 : -1}
            disabled={tab.disabled}
            className="tm-tabs-tab"
            onClick={() => open(tab.key)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {panels &&
        items
          .filter((tab) => visited.has(tab.key))
          .map((tab) => (
            <div key={tab.key} role="tabpanel" id={`${id}-panel-${tab.key}`} aria-labelledby={`${id}-tab-${tab.key}`} hidden={tab.key !== active}>
              {tab.children}
            </div>
          ))}
    </div>
  );
}
