/**
 * What both floor pages show (see reference-pages.ts): a heading, a paragraph, three
 * buttons, a field and a grid of 12 cards, like a public page of the app, so that the
 * plain React page and the Chakra UI page differ only in how they are styled.
 */
export const FLOOR_HEADING = 'Check a licence plate';
export const FLOOR_TEXT =
  'Type a plate number to see whether it is registered, in date and on the car it belongs to. The answer comes from the registry, or from the copy on this device when there is no signal.';
export const FLOOR_BUTTONS = ['Verify Plate', 'Scan a QR Code', 'Browse Plates'] as const;
export const FLOOR_FIELD_LABEL = 'Plate Number';

export const FLOOR_CARDS = Array.from({ length: 12 }, (_, index) => ({
  title: `ZM-${String(101 + index)}-ABC`,
  text: `Standard plate ${index + 1}: white on black, registered for a private car, available to reserve today.`,
}));
