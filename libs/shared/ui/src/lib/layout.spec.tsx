import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { AsideMenu, type MenuItem } from './aside-menu';
import { TopBar } from './top-bar';
import { Footer } from './footer';
import { PageSection, SectionTitleBar } from './page-section';

const items: MenuItem[] = [
  { label: 'Dashboard', to: '/dashboard', icon: 'dashboard' },
  {
    label: 'Loans',
    icon: 'loans',
    children: [{ label: 'Applications', children: [{ label: 'Requests', to: '/loans/applications/requests' }] }],
  },
];

describe('AsideMenu', () => {
  it('renders links, expands groups and opens the group of the current route', async () => {
    const logout = jest.fn();
    render(
      <MemoryRouter initialEntries={['/loans/applications/requests']}>
        <AsideMenu items={items} bottomItems={[{ label: 'Logout', icon: 'logout', onClick: logout }]} mobileOpen={false} desktopOpen />
      </MemoryRouter>,
    );
    const aside = screen.getByRole('complementary', { name: 'Main menu' });
    expect(within(aside).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    const requests = within(aside).getByRole('link', { name: 'Requests' });
    expect(requests).toHaveAttribute('aria-current', 'page');
    const loans = within(aside).getByRole('button', { name: 'Loans' });
    expect(loans).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(loans);
    expect(within(aside).queryByRole('link', { name: 'Requests' })).not.toBeInTheDocument();
    await userEvent.click(within(aside).getByRole('button', { name: 'Logout' }));
    expect(logout).toHaveBeenCalled();
  });

  it('opens the group of the current route when its link carries a query (Repayments > Add is /transactions/repayments?add=1)', () => {
    const withQuery: MenuItem[] = [{ label: 'Transactions', children: [{ label: 'Repayments', children: [{ label: 'Add', to: '/transactions/repayments?add=1' }] }] }];
    render(
      <MemoryRouter initialEntries={['/transactions/repayments']}>
        <AsideMenu items={withQuery} mobileOpen={false} desktopOpen />
      </MemoryRouter>,
    );
    const aside = screen.getByRole('complementary', { name: 'Main menu' });
    expect(within(aside).getByRole('button', { name: 'Transactions' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(aside).getByRole('link', { name: 'Add' })).toHaveAttribute('href', '/transactions/repayments?add=1');
  });

  it('is 15rem wide and slides by the mobile and desktop flags', () => {
    const { rerender } = render(
      <MemoryRouter>
        <AsideMenu items={items} mobileOpen={false} desktopOpen />
      </MemoryRouter>,
    );
    const aside = screen.getByRole('complementary');
    expect(aside.className).toMatch(/\bw-60\b/);
    expect(aside.className).toMatch(/(^| )-left-60\b/);
    expect(aside.className).toMatch(/lg:left-0/);
    expect(aside.className).toMatch(/(^| )invisible\b/);
    expect(aside.className).toMatch(/lg:visible/);
    rerender(
      <MemoryRouter>
        <AsideMenu items={items} mobileOpen desktopOpen={false} />
      </MemoryRouter>,
    );
    expect(aside.className).toMatch(/(^| )left-0\b/);
    expect(aside.className).toMatch(/lg:-left-60/);
    expect(aside.className).toMatch(/(^| )visible\b/);
    expect(aside.className).toMatch(/lg:invisible/);
    expect(screen.getByTestId('aside-backdrop')).toBeInTheDocument();
  });

  it('open on a phone: focus moves into the menu, Tab stays inside, Esc closes it and focus returns to the toggle', async () => {
    function Harness() {
      const [open, setOpen] = useState(false);
      return (
        <MemoryRouter>
          <button type="button" onClick={() => setOpen((o) => !o)}>
            Toggle menu
          </button>
          <AsideMenu items={items} bottomItems={[{ label: 'Logout', onClick: jest.fn() }]} mobileOpen={open} desktopOpen onClose={() => setOpen(false)} />
          <a href="#behind">Behind the backdrop</a>
        </MemoryRouter>
      );
    }
    const user = userEvent.setup();
    render(<Harness />);
    const toggle = screen.getByRole('button', { name: 'Toggle menu' });
    await user.click(toggle);
    const aside = screen.getByRole('complementary', { name: 'Main menu' });
    expect(within(aside).getByRole('button', { name: 'Close menu' })).toHaveFocus();
    // Close, Dashboard, Loans, Logout: the fourth Tab wraps round to the first.
    await user.tab();
    expect(within(aside).getByRole('link', { name: 'Dashboard' })).toHaveFocus();
    await user.tab();
    await user.tab();
    expect(within(aside).getByRole('button', { name: 'Logout' })).toHaveFocus();
    await user.tab();
    expect(within(aside).getByRole('button', { name: 'Close menu' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(within(aside).getByRole('button', { name: 'Logout' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByTestId('aside-backdrop')).not.toBeInTheDocument();
    expect(toggle).toHaveFocus();
  });
});

describe('TopBar', () => {
  it('has the toggles, a user menu with My Profile, Settings and Log Out, and a logout button', async () => {
    const handlers = { onToggleDark: jest.fn(), onLogout: jest.fn(), onToggleMobileMenu: jest.fn(), onToggleAside: jest.fn() };
    render(
      <MemoryRouter>
        <TopBar userName="Ada Admin" isDark={false} mobileMenuOpen={false} asideOpen {...handlers} />
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(handlers.onToggleMobileMenu).toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Hide side menu' }));
    expect(handlers.onToggleAside).toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Switch to dark mode' }));
    expect(handlers.onToggleDark).toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(handlers.onLogout).toHaveBeenCalledTimes(1);

    await userEvent.click(screen.getByRole('button', { name: /Ada Admin/ }));
    const menu = screen.getByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'My Profile' })).toHaveAttribute('href', '/profile');
    expect(within(menu).getByRole('menuitem', { name: 'Settings' })).toBeInTheDocument();
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Log Out' }));
    expect(handlers.onLogout).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('Esc in the user menu closes it and puts focus back on the user button, not on the page body', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <TopBar userName="Ada Admin" isDark={false} mobileMenuOpen={false} asideOpen onToggleDark={jest.fn()} onLogout={jest.fn()} onToggleMobileMenu={jest.fn()} onToggleAside={jest.fn()} />
      </MemoryRouter>,
    );
    const account = screen.getByRole('button', { name: /Ada Admin/ });
    account.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('menuitem', { name: 'My Profile' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(account).toHaveFocus();
  });

  it('user menu items are reached with the arrow keys (wrapping), Home and End; Tab leaves and closes it', async () => {
    const user = userEvent.setup();
    const onLogout = jest.fn();
    render(
      <MemoryRouter>
        <TopBar userName="Ada Admin" isDark={false} mobileMenuOpen={false} asideOpen onToggleDark={jest.fn()} onLogout={onLogout} onToggleMobileMenu={jest.fn()} onToggleAside={jest.fn()} />
      </MemoryRouter>,
    );
    const account = screen.getByRole('button', { name: /Ada Admin/ });
    account.focus();
    await user.keyboard('{ArrowDown}');
    const item = (name: string) => screen.getByRole('menuitem', { name });
    expect(item('My Profile')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(item('Settings')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(item('Log Out')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(item('My Profile')).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(item('Log Out')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(item('My Profile')).toHaveFocus();
    await user.keyboard('{End}');
    await user.keyboard('{Enter}');
    expect(onLogout).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    // ArrowUp on the button opens on the last item; items are not Tab stops.
    account.focus();
    await user.keyboard('{ArrowUp}');
    expect(item('Log Out')).toHaveFocus();
    expect(item('My Profile')).toHaveAttribute('tabindex', '-1');
    await user.tab();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});

it('footer shows the year, the powered-by credit and a logo', () => {
  render(<Footer year={2026} poweredBy="Acme Lending" />);
  const footer = screen.getByRole('contentinfo');
  expect(footer).toHaveTextContent('© 2026, Powered by Acme Lending');
  expect(within(footer).getByRole('img', { name: /logo/ })).toBeInTheDocument();
});

it('section title bar shows heading, subtitle and actions', () => {
  render(
    <PageSection>
      <SectionTitleBar title="Overview" subtitle="From yesterday to 14:05 today" actions={<button type="button">Refresh</button>} />
    </PageSection>,
  );
  expect(screen.getByRole('heading', { level: 1, name: 'Overview' })).toBeInTheDocument();
  expect(screen.getByText('From yesterday to 14:05 today')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
});
