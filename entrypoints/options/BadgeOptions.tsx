import { i18n } from '#i18n';
import { badgeRobotsOnLoad } from '../../utils/settings';
import { useSetting } from './useSetting';

/** The toolbar badge: whether robots.txt is checked when a page loads. */
export function BadgeOptions() {
  const on = useSetting(badgeRobotsOnLoad);
  return (
    <section className="cs-section" data-testid="badge-options">
      <h2>{i18n.t('options.badge.heading')}</h2>
      <label style={{ display: 'block' }}>
        <input type="checkbox" checked={!!on.value} disabled={on.value === null} onChange={(e) => void on.set(e.currentTarget.checked)} data-testid="badge-robots-on-load" />{' '}
        {i18n.t('options.badge.robotsOnLoad')}
      </label>
      <p className="cs-muted">{i18n.t('options.badge.robotsOnLoadNote')}</p>
      {on.saved ? <p role="status">{i18n.t('options.badge.saved')}</p> : null}
    </section>
  );
}
