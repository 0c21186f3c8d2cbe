/** How `GET /v3/orders` can sort (`order_key`); the orders list's address bar reads it too. */
export const ORDER_SORT_KEYS = ['created_at', 'patient_name', 'last_status'] as const;
