/**
 * Every group of styles made at build time (decision 039), by the name its classes carry.
 * Read by the build only (src/app/prerender/static-style-sheet.tsx).
 */
import { checkboxStyles } from '../components/checkbox-field.styles';
import { connectionStatusStyles } from '../components/connection-status.styles';
import { filterFieldsStyles } from '../components/filter-fields.styles';
import { rangeSliderStyles } from '../components/range-slider.styles';
import { footerStyles } from '../layout/public-footer.styles';
import { headerStyles, logoStyles } from '../layout/public-header.styles';
import { layoutStyles } from '../layout/public-layout.styles';
import { listingStyles, plateStyles } from '../features/marketplace/listing-card.styles';
import { marketplaceStyles } from '../features/marketplace/marketplace-page.styles';
import { verdictStyles } from '../plate-check/verdict-panel.styles';
import { plateCheckStyles } from '../plate-check/plate-check.styles';
import { verificationStyles } from '../features/verification/verification-page.styles';
import type { StaticStyles } from '../theme/static-styles';

export const STATIC_STYLE_GROUPS: Record<string, StaticStyles> = {
  layout: layoutStyles,
  header: headerStyles,
  logo: logoStyles,
  'connection-status': connectionStatusStyles,
  footer: footerStyles,
  verification: verificationStyles,
  'plate-check': plateCheckStyles,
  verdict: verdictStyles,
  marketplace: marketplaceStyles,
  listing: listingStyles,
  plate: plateStyles,
  'filter-fields': filterFieldsStyles,
  'range-slider': rangeSliderStyles,
  checkbox: checkboxStyles,
};
