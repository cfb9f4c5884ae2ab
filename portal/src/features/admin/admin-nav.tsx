import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import './admin.css';

const TABS = [
  { to: '/admin/dashboard', label: 'admin.nav.users', end: true },
  { to: '/admin/free-customers', label: 'admin.nav.freeCustomers', end: true },
  { to: '/admin/registration', label: 'admin.nav.registrations', end: true },
  { to: '/admin/audit', label: 'admin.nav.audit', end: true },
  // /customer/{id} belongs to Companies too.
  { to: '/customer', label: 'admin.nav.companies', end: false },
] as const;

/** The super-admin area's tabs, shown on each of its pages. */
export function AdminNav() {
  const { t } = useTranslation();
  return (
    <nav className="tabs admin-tabs" aria-label={t('admin.nav.label')} data-testid="admin-nav">
      {TABS.map((tab) => (
        <NavLink key={tab.to} to={tab.to} end={tab.end}>
          {t(tab.label)}
        </NavLink>
      ))}
    </nav>
  );
}
