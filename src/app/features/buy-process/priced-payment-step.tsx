/**
 * Step 2's payment with the prices to show: the pricing settings' code loads with the step
 * (once the page is idle, or when step 2 is first shown), not with the wizard's first paint.
 */
import type { ComponentProps } from 'react';
import { usePricingSettings } from '../../payments/pricing-settings';
import { PaymentStep } from './payment-step';

export function PricedPaymentStep(props: Omit<ComponentProps<typeof PaymentStep>, 'settings'>) {
  const { settings } = usePricingSettings();
  return <PaymentStep {...props} settings={settings} />;
}
