import { Button, Menu } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Profiler, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { DeferredMenu } from './deferred-menu';

/** The phases of the commits under `ui` while it mounts ('nested-update': rendered again inside a commit). */
async function mountPhases(ui: ReactNode) {
  const phases: string[] = [];
  await renderWithProviders(
    <Profiler id="menu" onRender={(_id, phase) => phases.push(phase)}>
      {ui}
    </Profiler>,
  );
  return phases;
}

const items = (
  <>
    <Menu.Item>First</Menu.Item>
    <Menu.Item>Second</Menu.Item>
  </>
);

describe('DeferredMenu (issue 17)', () => {
  it('mounts in one commit, where a Mantine menu renders a second time inside its first commit', async () => {
    // the control: when this fails, Mantine's Popover no longer sets state while mounting and the
    // deferred menu can go
    expect(
      await mountPhases(
        <Menu>
          <Menu.Target>
            <Button>Plain</Button>
          </Menu.Target>
          <Menu.Dropdown>{items}</Menu.Dropdown>
        </Menu>,
      ),
    ).toContain('nested-update');
    document.body.innerHTML = '';
    expect(await mountPhases(<DeferredMenu target={<Button>Deferred</Button>}>{items}</DeferredMenu>)).toEqual(['mount']);
  });

  it('opens on the first click, with the keyboard too, and gives the focus back to its button when closed', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<DeferredMenu target={<Button>Options</Button>}>{items}</DeferredMenu>);
    const button = screen.getByRole('button', { name: 'Options' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    // (jsdom runs no transition: the dropdown stays display: none, hence `hidden`)
    const menu = () => screen.queryByRole('menu', { hidden: true });
    expect(menu()).toBeNull();

    button.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(menu()).not.toBeNull());
    expect(screen.getByRole('menuitem', { name: 'First', hidden: true })).toBeInTheDocument();
    const target = screen.getByRole('button', { name: 'Options' });
    expect(target).toHaveAttribute('aria-expanded', 'true');
    expect(menu()).toHaveAttribute('aria-labelledby', target.id);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(target).toHaveAttribute('aria-expanded', 'false'));
    await waitFor(() => expect(target).toHaveFocus());

    // from now on it is a plain Mantine menu
    await user.click(target);
    await waitFor(() => expect(target).toHaveAttribute('aria-expanded', 'true'));
    expect(screen.getByRole('menuitem', { name: 'Second', hidden: true })).toBeInTheDocument();
  });
});
