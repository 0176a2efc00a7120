/** A cart line that POST /cart/sync accepts and that needs no catalogue: a package of conversation hours. */
export const packageLine = {
  id: 'line-1',
  itemType: 'package',
  quantity: 1,
  packageType: 'conversation_hours',
  amount: 5,
  packageDetails: {
    title: '5 Konversationsstunden',
    type: 'conversation_hours',
    price: 115,
    discountedPrice: null,
    description: '12 Monate gültig',
  },
};
