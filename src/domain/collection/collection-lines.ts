// How an order's plate shop and delivery are named once the buyer has chosen them
// (docs/decisions/056-the-buyer-chooses-the-plate-shop.md): to the buyer in My Plates &
// Orders, to the administrator in Plate Requests' details, and to the plate shop on its order.

/** The buyer's own order: the shop they chose, or that the administrator assigns one (and which, once known). */
export function buyerShopText(choice: { chosenShop: string | null; assignedShop?: string | null }): string {
  if (choice.chosenShop) return choice.chosenShop;
  return choice.assignedShop
    ? `${choice.assignedShop} (assigned by the administrator)`
    : 'To be assigned by the administrator';
}

/** How the buyer gets the plates: "Delivery to <address>", or collected from the shop. */
export function deliveryText(deliveryAddress: string | null | undefined): string {
  const address = (deliveryAddress ?? '').trim();
  return address === '' ? 'Collect from the plate shop' : `Delivery to ${address}`;
}

/** Plate Requests' details before approval: the shop the buyer chose, or that approval assigns one. */
export function reviewShopText(chosenShop: string | null): string {
  return chosenShop ? `${chosenShop} (chosen by the buyer)` : 'assigned on approval';
}

/** The shop's order: "Deliver to: <address>" when the plates are to be delivered; '' when collected. */
export function shopDeliveryLine(deliveryAddress: string | null | undefined): string {
  const address = (deliveryAddress ?? '').trim();
  return address === '' ? '' : `Deliver to: ${address}`;
}
