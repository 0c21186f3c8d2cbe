import type { Key, ReactNode } from 'react';
import { Tab, TabList, TabPanel, Tabs as AriaTabs } from 'react-aria-components';
import './tabs.css';

export interface TabItem {
  id: string;
  label: ReactNode;
  content: ReactNode;
}

/**
 * Tabs with the WAI-ARIA pattern from React Aria: arrow keys move between tabs, Tab
 * moves into the panel. For views that swap in place; navigation between pages uses links.
 */
export function Tabs({
  label,
  items,
  selectedKey,
  onSelectionChange,
}: {
  label: string;
  items: readonly TabItem[];
  selectedKey?: string;
  onSelectionChange?: (key: string) => void;
}) {
  return (
    <AriaTabs
      className="tabs"
      {...(selectedKey === undefined ? {} : { selectedKey })}
      onSelectionChange={(key: Key) => onSelectionChange?.(String(key))}
    >
      <TabList aria-label={label} className="tabs__list">
        {items.map((item) => (
          <Tab key={item.id} id={item.id} className="tabs__tab">
            {item.label}
          </Tab>
        ))}
      </TabList>
      {items.map((item) => (
        <TabPanel key={item.id} id={item.id} className="tabs__panel">
          {item.content}
        </TabPanel>
      ))}
    </AriaTabs>
  );
}
