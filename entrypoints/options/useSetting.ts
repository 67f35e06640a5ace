import { useEffect, useState } from 'react';

interface SettingItem<T> {
  getValue(): Promise<T>;
  setValue(value: T): Promise<void>;
}

/**
 * One persisted setting on the options page: its value (null until read), a setter that stores
 * it, and whether anything was saved since the page opened (for the "Saved." line).
 */
export function useSetting<T>(item: SettingItem<T>): { value: T | null; set: (value: T) => Promise<void>; saved: boolean } {
  const [value, setValue] = useState<T | null>(null);
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    void item.getValue().then(setValue);
  }, [item]);
  const set = async (v: T) => {
    setValue(v);
    await item.setValue(v);
    setSaved(true);
  };
  return { value, set, saved };
}
