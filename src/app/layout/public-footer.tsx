/**
 * Four-column footer: brand, Quick Links, Support, Legal; copyright and compliance note.
 * Styled at build time (public-footer.styles.tsx, decision 039): no Chakra here.
 */
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../config/paths';
import { staticClasses } from '../theme/static-styles';
import type { footerStyles } from './public-footer.styles';

const cls = staticClasses<typeof footerStyles>('footer');

const columns = [
  {
    title: 'Quick Links',
    links: [
      { to: paths.marketplace, label: 'Marketplace' },
      { to: paths.howItWorks, label: 'How It Works' },
      { to: paths.pricing, label: 'Pricing' },
      { to: paths.verification, label: 'Verification' },
    ],
  },
  {
    title: 'Support',
    links: [
      { to: paths.help, label: 'Help Center' },
      { to: paths.aboutContact, label: 'Contact Us' },
      { to: `${paths.help}#faqs`, label: 'FAQs' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { to: paths.terms, label: 'Terms of Service' },
      { to: paths.privacy, label: 'Privacy Policy' },
      { to: paths.compliance, label: 'Compliance' },
    ],
  },
] as const;

export function PublicFooter({ year }: { year: number }) {
  return (
    <footer className={cls('root')}>
      <div className={cls('container')}>
        <div className={cls('columns')}>
          <div className={cls('about')}>
            <p className={cls('name')}>Nambala</p>
            <p className={cls('summary')}>
              Simplifying vehicle registration and plate management in Zambia. Buy, reserve and verify licence plates
              online.
            </p>
          </div>
          {columns.map((column) => (
            <nav key={column.title} aria-label={column.title} className={cls('column')}>
              <h2 className={cls('heading')}>{column.title}</h2>
              {column.links.map((link) => (
                <RouterLink key={link.label} to={link.to} className={cls('link')}>
                  {link.label}
                </RouterLink>
              ))}
            </nav>
          ))}
        </div>
        <div className={cls('legal')}>
          <p>© {year} Nambala. All rights reserved.</p>
          <p className={cls('approval')}>
            Compliant with and approved by the Zambia Bureau of Standards and the Ministry of Transport.
          </p>
        </div>
      </div>
    </footer>
  );
}
