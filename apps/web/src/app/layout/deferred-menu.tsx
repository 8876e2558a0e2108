import { Menu, type MenuProps } from '@mantine/core';
import { cloneElement, useEffect, useRef, useState, type ReactElement, type ReactNode, type Ref } from 'react';

/** The menu's button (its own onClick is not called: a click opens the menu). */
type Target = ReactElement<{ ref?: Ref<HTMLButtonElement> }>;

/**
 * A Mantine menu of the top bar, mounted on first use. Until the first click its target renders alone,
 * with the attributes Menu.Target gives it (a button that opens a menu, closed): the Popover under a Menu
 * sets state from a ref callback when it mounts, which rendered it a second time inside the commit of the
 * first screen, on every page (issue 17, Lighthouse mobile /dashboard). After the first click the menu
 * mounts closed, its target takes the focus, and then it opens, so that Mantine records the target as
 * the element to give the focus back to when the menu closes.
 */
export function DeferredMenu({
  target,
  children,
  ...menu
}: Omit<MenuProps, 'opened' | 'onChange'> & { target: Target; children: ReactNode }) {
  const [used, setUsed] = useState(false);
  const [opened, setOpened] = useState(false);
  const targetRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!used) return;
    targetRef.current?.focus();
    setOpened(true);
  }, [used]);
  if (!used) return cloneElement(target, { 'aria-haspopup': 'menu', 'aria-expanded': false, onClick: () => setUsed(true) } as object);
  return (
    <Menu {...menu} opened={opened} onChange={setOpened}>
      <Menu.Target>{cloneElement(target, { ref: targetRef })}</Menu.Target>
      <Menu.Dropdown>{children}</Menu.Dropdown>
    </Menu>
  );
}
