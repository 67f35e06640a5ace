import { useEffect, useState } from 'react';
import { i18n } from '#i18n';
import { badgeRobotsOnLoad } from '../../utils/settings';

/** The toolbar badge: whether robots.txt is checked when a page loads. */
export function BadgeOptions() {
  const [on, setOn] = useState<boolean | null>(null);
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    void badgeRobotsOnLoad.getValue().then(setOn);
  }, []);
  const pick = async (value: boolean) => {
    setOn(value);
    await badgeRobotsOnLoad.setValue(value);
    setSaved(true);
  };
  return (
    <section className="cs-section" data-testid="badge-options">
      <h2>{i18n.t('options.badge.heading')}</h2>
      <label style={{ display: 'block' }}>
        <input type="checkbox" checked={!!on} disabled={on === null} onChange={(e) => void pick(e.currentTarget.checked)} data-testid="badge-robots-on-load" />{' '}
        {i18n.t('options.badge.robotsOnLoad')}
      </label>
      <p className="cs-muted">{i18n.t('options.badge.robotsOnLoadNote')}</p>
      {saved ? <p role="status">{i18n.t('options.badge.saved')}</p> : null}
    </section>
  );
}
