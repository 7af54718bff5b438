import { expect, test } from '@playwright/test';
import { ContactPage } from './contact-page';
import { withServiceWorker } from './service-worker';

const THANK_YOU = "Thank you for your message! We'll get back to you soon.";

test.describe('contact form', () => {
  test('shows each field’s message, clears it as the field changes, then stores the message on the server', async ({
    page,
  }) => {
    const contact = await ContactPage.openContact(page);
    const send = contact.send;
    await send.click();
    for (const message of ['Name is required', 'Email is required', 'Subject is required', 'Message is required']) {
      await expect(page.getByText(message)).toBeVisible();
    }
    await contact.field('name').fill('Mwila Banda');
    await expect(page.getByText('Name is required')).toHaveCount(0);
    await contact.field('email').fill('not-an-email');
    await send.click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();

    await contact.fill({
      name: 'Mwila Banda',
      email: 'mwila@example.zm',
      subject: 'Collection',
      message: 'When can I collect my plates?',
    });
    const stored = page.waitForResponse(
      (response) => response.url().endsWith('/api/sync/push') && response.request().method() === 'POST',
    );
    await send.click();
    expect((await stored).status()).toBe(200);
    expect((await (await stored).json()).results[0]).toMatchObject({ outcome: 'applied' });
    await expect(contact.sentReport(THANK_YOU)).toBeVisible();
    await expect(contact.field('name')).toHaveValue('');
  });

  withServiceWorker(() => {
    test('offline, keeps the message on the device and sends it when the connection returns', async ({
      page,
      context,
    }) => {
      const contact = await ContactPage.openContact(page);
      await expect(contact.heading()).toBeVisible();
      // The visit is over once the page has fetched what it fetches when idle, the form's rules
      // and its sending code (their chunks are named after their modules); going offline
      // sooner, the form says it could not load them.
      await expect
        .poll(
          () =>
            page.evaluate(() =>
              ['contact-message-', 'send-contact-message-'].filter(
                (chunk) =>
                  !performance
                    .getEntriesByType('resource')
                    .some(
                      (entry) =>
                        entry.name.includes(`/assets/${chunk}`) && (entry as PerformanceResourceTiming).responseEnd > 0,
                    ),
              ),
            ),
          {
            message: 'the contact form’s code fetched once the page was idle',
            timeout: 15_000,
          },
        )
        .toEqual([]);
      await context.setOffline(true);
      await contact.fill({
        name: 'Chanda Phiri',
        email: 'chanda@example.zm',
        subject: 'Offline',
        message: 'Sent from a bus with no signal.',
      });
      await contact.send.click();
      await expect(page.getByText(THANK_YOU)).toBeVisible();
      await expect(page.getByText(/Saved on this device/)).toBeVisible();
      await expect(contact.connectionStatus).toHaveAttribute('aria-label', /Offline, 1 change saved on this device/);

      // Nothing is lost by a reload while offline: the app comes from the service worker or cache,
      // and the message is still waiting in the device's outbox.
      const sent = page.waitForResponse(
        (response) => response.url().endsWith('/api/sync/push') && response.request().method() === 'POST',
        { timeout: 20_000 },
      );
      await context.setOffline(false);
      expect((await sent).status()).toBe(200);
      expect((await (await sent).json()).results[0]).toMatchObject({ outcome: 'applied' });
      await expect(contact.connectionStatus).toHaveAttribute('aria-label', /all changes synced/);
    });
  });
});
