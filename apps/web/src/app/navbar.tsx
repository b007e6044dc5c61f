import { lazy, Suspense } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { signedOut } from '../lib/session.ts';
import { useAuth } from '../lib/use-auth.ts';
import { api } from '../lib/api.ts';
import { useAppDispatch } from '../lib/shared-state.ts';
import { useT } from '../lib/i18n.ts';
import { AccountMenu } from './account-menu.tsx';
import { LanguageSwitch } from './language-switch.tsx';
import { NotificationBell } from './notification-bell.tsx';
import { SearchBox } from './search-box.tsx';

/** The envelope (issue 33) loads for someone signed in only; until it is here, its place is kept. */
const MessagesLink = lazy(() => import('./messages-link.tsx'));

// daisyUI paints the current link (aria-current) dark; teal text on it was hard to read, so paint it like the active category instead.
const linkClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'bg-primary font-semibold text-primary-content' : '');

/** daisyUI's dropdowns stay open while focus is inside them: a choice made there hands focus back to the page, which closes it. */
const closeMenu = () => (document.activeElement as HTMLElement | null)?.blur();

export function Navbar() {
  const { user, signedIn, role } = useAuth();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const t = useT();

  const logout = () => {
    dispatch(signedOut());
    dispatch(api.util.resetApiState());
    navigate('/');
  };

  /** The site's links; `itemClass` on each item (the account menu's hide from md up, where the header has them). */
  const links = (itemClass = '') => (
    <>
      <li className={itemClass || undefined}>
        <NavLink to="/" end className={linkClass}>
          {t('nav.home')}
        </NavLink>
      </li>
      {signedIn && (
        <li className={itemClass || undefined}>
          <NavLink to="/dashboard" className={linkClass}>
            {t('nav.dashboard')}
          </NavLink>
        </li>
      )}
      <li className={itemClass || undefined}>
        <NavLink to="/blog" className={linkClass}>
          {t('nav.blogs')}
        </NavLink>
      </li>
      <li className={itemClass || undefined}>
        <LanguageSwitch onSwitched={closeMenu} />
      </li>
      <li className={itemClass || undefined}>
        {signedIn ? (
          <button type="button" onClick={logout}>
            {t('nav.logout')}
          </button>
        ) : (
          <NavLink to="/login" className={linkClass}>
            {t('nav.login')}
          </NavLink>
        )}
      </li>
    </>
  );

  return (
    <header className="border-b border-base-200 bg-base-100">
      <nav className="navbar mx-auto max-w-7xl px-4" aria-label={t('nav.main')}>
        <div className="flex-1">
          <Link to="/" className="flex items-center gap-2 text-xl font-bold text-primary">
            <img src="/favicon.svg" alt="" width="28" height="28" />
            {t('site.name')}
          </Link>
        </div>
        <SearchBox />
        <ul className="menu menu-horizontal hidden gap-1 px-1 md:flex">{links()}</ul>
        {signedIn && user && role !== 'Admin' && (
          <Suspense fallback={<span className="inline-block h-10 w-10" aria-hidden="true" />}>
            <MessagesLink />
          </Suspense>
        )}
        {signedIn && user && <NotificationBell />}
        {signedIn && user ? (
          <AccountMenu
            label={t('nav.accountMenu', { name: user.name })}
            avatar={
              <div className="w-10 rounded-full ring-2 ring-primary ring-offset-2">
                <img src={user.userImg || '/favicon.svg'} alt={user.name} width="40" height="40" />
              </div>
            }
          >
            {/* daisyUI greys menu titles to 40%, below the contrast minimum. */}
            <li className="menu-title text-base-content/80">{user.name}</li>
            <li>
              <NavLink to="/dashboard/account" className={linkClass}>
                {t('nav.account')}
              </NavLink>
            </li>
            {/* From md up the header shows these: one set of links in the Tab order (issue 35). */}
            {links('md:hidden')}
          </AccountMenu>
        ) : (
          <div className="dropdown dropdown-end md:hidden">
            <button type="button" tabIndex={0} className="btn btn-ghost" aria-label={t('nav.openMenu')}>
              <svg xmlns="http://www.w3.org/2000/svg" className="h-6 w-6" fill="none" viewBox="0 0 24 24" stroke="currentColor" aria-hidden="true">
                <path strokeLinecap="round" strokeLinejoin="round" strokeWidth="2" d="M4 6h16M4 12h16M4 18h16" />
              </svg>
            </button>
            <ul
              tabIndex={0}
              className="menu dropdown-content z-20 mt-3 w-56 rounded-box bg-base-100 p-2 shadow [&_li>a]:min-h-11 [&_li>button]:min-h-11"
              onClick={closeMenu}
            >
              {links()}
            </ul>
          </div>
        )}
      </nav>
    </header>
  );
}
