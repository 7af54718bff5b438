/** How to reach Nambala about the legal pages; one place so the three pages agree. */
export const legalContacts = {
  support: 'support@nambala.co.zm',
  privacy: 'privacy@nambala.co.zm',
  compliance: 'compliance@nambala.co.zm',
  postalAddress: 'Nambala, Lusaka, Republic of Zambia',
  supportHours: 'Mon-Fri 8AM-5PM',
} as const;
