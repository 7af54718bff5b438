import { describe, expect, it } from 'vitest';
import { APP_TITLE, pageTitle } from '../../../src/app/routing/document-title';

describe('the document title', () => {
  it('names the page by its main heading, and the home page by the app', () => {
    expect(pageTitle('/dashboard/admin/inventory', 'Inventory Management')).toBe('Inventory Management — Nambala');
    expect(pageTitle('/auth', '  Create  your account ')).toBe('Create your account — Nambala');
    expect(pageTitle('/', 'Get Your Zambian License Plates Online')).toBe(APP_TITLE);
    expect(pageTitle('/somewhere', null)).toBe(APP_TITLE);
  });
});
