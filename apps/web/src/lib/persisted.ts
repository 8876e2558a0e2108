import { useCallback, useState } from 'react';
import type { z } from 'zod';

const PREFIX = 'portal.';

/** Reads a stored value through a zod schema; anything stale or foreign falls back to the default. */
export function readStored<T>(key: string, schema: z.ZodType<T>, fallback: T): T {
  try {
    const raw = localStorage.getItem(PREFIX + key);
    if (raw === null) return fallback;
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : fallback;
  } catch {
    return fallback;
  }
}

export function writeStored(key: string, value: unknown) {
  try {
    localStorage.setItem(PREFIX + key, JSON.stringify(value));
  } catch {
    /* storage full or disabled: the screen still works, it just forgets */
  }
}

/** useState that survives reloads, validated on read (spec §9: the last search per screen). */
export function usePersistentState<T>(key: string, schema: z.ZodType<T>, fallback: T) {
  const [value, setValue] = useState<T>(() => readStored(key, schema, fallback));
  const set = useCallback(
    (next: T) => {
      setValue(next);
      writeStored(key, next);
    },
    [key],
  );
  return [value, set] as const;
}
